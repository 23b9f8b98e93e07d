// Import cycles among our own files, type-only imports included (the lint rule skips those).
// Tarjan's strongly connected components over relative imports of .ts/.tsx files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === '__tests__' ? [] : sourceFiles(join(dir, e.name));
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [];
  });

const resolveImport = (from: string, spec: string): string | null => {
  const base = join(dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (existsSync(c) && statSync(c).isFile()) return c;
  return null;
};

/** Relative imports of a file (static, dynamic and type-only), resolved to files. */
export const importsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)].map((m) => resolveImport(file, m[1]!)).filter((x): x is string => x !== null);

/** Files on a cycle, as groups (strongly connected components of more than one file). */
export function cycles(files: string[], edges: (f: string) => string[]): string[][] {
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
    for (const w of edges(v)) {
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

/** Imports from one file of `dir` to another, its `index.ts` (the registry) excepted: [from, to]. */
export const handlerCrossings = (files: string[], edges: (f: string) => string[], dir: string): [string, string][] => {
  const inDir = (f: string) => dirname(f) === dir;
  return files
    .filter((f) => inDir(f) && f !== join(dir, 'index.ts'))
    .flatMap((f) =>
      edges(f)
        .filter(inDir)
        .map((to): [string, string] => [f, to]),
    );
};
