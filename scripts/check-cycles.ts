// `npm run check` step: fails on any import cycle in protocol/, streams/, server/ or src/,
// type-only imports included. Dynamic `import()` counts too: a route table that lazily imports
// a page that imports the table back is still a cycle to untangle.
// It also keeps server/actions/ a room of handlers: a handler imports domain code
// (server/<domain>/), never another handler; only index.ts, which registers them all, does.
import { relative } from 'node:path';
import { cycles, handlerCrossings, importsOf, sourceFiles } from './lib/cycles';

const root = process.cwd();
const files = ['protocol', 'streams', 'server', 'src'].flatMap((d) => sourceFiles(`${root}/${d}`));
const found = cycles(files, importsOf);
for (const group of found) console.error(`import cycle: ${group.map((f) => relative(root, f)).join(' -> ')}`);
const crossings = handlerCrossings(files, importsOf, `${root}/server/actions`);
for (const [from, to] of crossings)
  console.error(`handler imports handler: ${relative(root, from)} -> ${relative(root, to)} (move the shared part to server/<domain>/)`);
if (found.length > 0 || crossings.length > 0) process.exit(1);
console.log(`no import cycle among ${files.length} files (type imports included); handlers import no handler`);
