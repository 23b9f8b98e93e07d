// Writes the files derived from the action catalogue: protocol/endpoints.gen.ts (the plain
// action → endpoint table the console bundles, so it need not ship the schemas) and
// docs/api.md. `npm run gen` rewrites them; a test fails when either is stale.
import { writeFileSync } from 'node:fs';
import { renderApiDoc, renderEndpoints } from './protocol-docs';

writeFileSync(new URL('../protocol/endpoints.gen.ts', import.meta.url), renderEndpoints());
writeFileSync(new URL('../docs/api.md', import.meta.url), renderApiDoc());
console.log('wrote protocol/endpoints.gen.ts and docs/api.md');
