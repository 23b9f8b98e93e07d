// `npm run check` step: fails on any import cycle in protocol/, streams/, server/ or src/,
// type-only imports included. Dynamic `import()` counts too: a route table that lazily imports
// a page that imports the table back is still a cycle to untangle.
import { relative } from 'node:path';
import { cycles, importsOf, sourceFiles } from './lib/cycles';

const root = process.cwd();
const files = ['protocol', 'streams', 'server', 'src'].flatMap((d) => sourceFiles(`${root}/${d}`));
const found = cycles(files, importsOf);
for (const group of found) console.error(`import cycle: ${group.map((f) => relative(root, f)).join(' -> ')}`);
if (found.length > 0) process.exit(1);
console.log(`no import cycle among ${files.length} files (type imports included)`);
