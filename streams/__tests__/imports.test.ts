// streams/ has no import cycle, type-only imports included (the lint rule skips those): the
// root (store, state, events, reducer) imports the domains, never the reverse.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const walk = (d: string): string[] =>
  readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === '__tests__' ? [] : walk(join(d, e.name))) : /\.tsx?$/.test(e.name) ? [join(d, e.name)] : []));
const resolve = (from: string, spec: string): string | null => {
  const base = join(dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (existsSync(c) && statSync(c).isFile()) return c;
  return null;
};

/** Files on a cycle, as groups (strongly connected components of more than one file). */
export function cycles(files: string[], importsOf: (f: string) => string[]): string[][] {
  let n = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, n);
    low.set(v, n++);
    stack.push(v);
    on.add(v);
    for (const w of importsOf(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      on.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) out.push(group);
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return out;
}

describe('streams/ imports', () => {
  it('form no cycle, type imports included', () => {
    const files = walk(root);
    const importsOf = (f: string) =>
      [...readFileSync(f, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)].map((m) => resolve(f, m[1]!)).filter((x): x is string => x !== null && x.startsWith(root));
    expect(cycles(files, importsOf).map((g) => g.map((f) => relative(root, f)))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph: Record<string, string[]> = { store: ['home'], home: ['resources'], resources: ['store'], leaf: [] };
    expect(cycles(Object.keys(graph), (f) => graph[f]!).map((g) => g.sort())).toEqual([['home', 'resources', 'store']]);
  });
});
