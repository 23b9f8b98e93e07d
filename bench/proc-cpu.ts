import { readdirSync, readFileSync } from 'node:fs';

const TICKS = 100; // /proc's clock ticks a second on Linux

/** CPU seconds used so far by every process named `name` (Mosquitto, PostgreSQL's backends): a
 *  service on this machine whose cost a benchmark reads apart from its own. 0 where /proc is not. */
export const processCpuS = (name: string): number => {
  let ticks = 0;
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes(`(${name})`)) continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]); // utime, stime
    } catch {
      // gone meanwhile
    }
  }
  return ticks / TICKS;
};
