// The benches' server (and the storm's publisher) run in the bench's own process, on the same two
// cores as the browser; in use the server runs on another machine. While a bench measures the
// page's frames, the process runs as SCHED_IDLE (every thread: on Linux a policy and a nice value
// are per thread), on what the browser leaves. At normal priority, or even at nice 10, its work
// delayed the renderer's tasks 3–4 times their own CPU time. Without chrt: nice 10.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Moves this process onto idle time (`on`) or back; says how, for the log. */
export function onIdleTime(on: boolean): string {
  const threads = existsSync('/proc/self/task') ? readdirSync('/proc/self/task').map(Number) : [];
  try {
    for (const tid of threads) execFileSync('chrt', [on ? '--idle' : '--other', '-p', '0', String(tid)], { stdio: 'ignore' });
    if (threads.length) return on ? 'server and publisher on idle time (SCHED_IDLE)' : 'server back at normal priority';
  } catch {
    // no chrt: a lower priority instead
  }
  try {
    for (const tid of threads.length ? threads : [0]) setPriority(tid, on ? 10 : 0);
    return on ? 'server and publisher at nice 10' : 'server back at nice 0';
  } catch {
    return 'could not change the server priority';
  }
}
