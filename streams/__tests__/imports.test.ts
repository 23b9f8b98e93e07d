// The cycle check that `npm run check` runs (scripts/check-cycles.ts): it finds a cycle when
// there is one, type-only imports included, and the tree has none.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importsOf, sourceFiles } from '../../scripts/lib/cycles';

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
});
