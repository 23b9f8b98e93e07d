import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderApiDoc, renderEndpoints } from '../scripts/protocol-docs';

// The generated files must match the catalogue; run `npm run gen` after changing an action.
describe('generated protocol files', () => {
  it('docs/api.md is current', () => {
    expect(readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8')).toBe(renderApiDoc());
  });
  it('protocol/endpoints.gen.ts is current', () => {
    expect(readFileSync(new URL('../protocol/endpoints.gen.ts', import.meta.url), 'utf8')).toBe(renderEndpoints());
  });
});
