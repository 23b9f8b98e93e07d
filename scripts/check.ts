// `npm run check`: the static checks, side by side. Type checking and lint are each one process on
// one core; run one after the other they took 104 s of a 2-core machine, side by side about half.
// Each check's output is held and printed whole when it ends, so two checks never interleave;
// the run fails when any check fails and names them.
import { spawn } from 'node:child_process';

const CHECKS: [name: string, command: string, args: string[]][] = [
  ['types', 'node_modules/.bin/tsc', ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'node_modules/.bin/eslint', ['.']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
  ['unused', 'node_modules/.bin/knip', ['--no-progress']],
  ['cycles', 'node_modules/.bin/tsx', ['scripts/check-cycles.ts']],
];

const run = (name: string, command: string, args: string[]): Promise<boolean> =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => out.push(b));
    const end = (ok: boolean, why = '') => {
      const text = Buffer.concat(out).toString().trimEnd();
      console.log(`== ${name}: ${ok ? 'ok' : `FAILED${why}`} (${((Date.now() - started) / 1000).toFixed(1)} s)${text ? `\n${text}` : ''}`);
      resolve(ok);
    };
    child.on('error', (e) => end(false, `: ${e.message}`));
    child.on('close', (code) => end(code === 0, code === 0 ? '' : ` with exit ${code}`));
  });

const results = await Promise.all(CHECKS.map(([name, command, args]) => run(name, command, args).then((ok) => [name, ok] as const)));
const failed = results.filter(([, ok]) => !ok).map(([name]) => name);
if (failed.length > 0) {
  console.error(`check failed: ${failed.join(', ')}`);
  process.exit(1);
}
