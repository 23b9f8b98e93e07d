// The cycle check that `npm run check` runs (scripts/check-cycles.ts): it finds a cycle when
// there is one, type-only imports included, and the tree has none.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, handlerCrossings, importsOf, sourceFiles } from '../../scripts/lib/cycles';

describe('import cycles', () => {
  it('finds a cycle made only of type imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    writeFileSync(join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = { b: B };\n");
    writeFileSync(join(dir, 'b.ts'), "import type { A } from './a';\nexport type B = { a?: A };\n");
    writeFileSync(join(dir, 'c.ts'), "import type { A } from './a';\nexport type C = A;\n");
    const found = cycles(sourceFiles(dir), importsOf).map((g) => g.map((f) => relative(dir, f)).sort());
    expect(found).toEqual([['a.ts', 'b.ts']]);
  });

  it('protocol/, streams/, server/ and src/ have none', () => {
    const root = join(import.meta.dirname, '../..');
    const files = ['protocol', 'streams', 'server', 'src'].flatMap((d) => sourceFiles(join(root, d)));
    expect(cycles(files, importsOf).map((g) => g.map((f) => relative(root, f)))).toEqual([]);
  });

  it('names a handler that imports another handler, and lets the registry import them all', () => {
    const dir = mkdtempSync(join(tmpdir(), 'handlers-'));
    writeFileSync(join(dir, 'shared.ts'), 'export const x = 1;\n');
    writeFileSync(join(dir, 'a.ts'), "import { x } from './shared';\nexport const a = x;\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = a;\n");
    writeFileSync(join(dir, 'index.ts'), "import { a } from './a';\nimport { b } from './b';\nexport const all = [a, b];\n");
    const found = handlerCrossings(sourceFiles(dir), importsOf, dir).map((e) => e.map((f) => relative(dir, f)));
    expect(found.sort()).toEqual([
      ['a.ts', 'shared.ts'],
      ['b.ts', 'a.ts'],
    ]);
  });

  it('server/actions/ handlers import no other handler', () => {
    const root = join(import.meta.dirname, '../..');
    const files = sourceFiles(join(root, 'server'));
    expect(handlerCrossings(files, importsOf, join(root, 'server/actions'))).toEqual([]);
  });
});
