// The fault figures of the soak come from the 30-second database outage test itself
// (tests/integration/db-outage.test.ts), run as it is and read from the JSON lines it prints, so
// the bench and the test measure the same thing.
import { spawn } from 'node:child_process';
import { log, report } from './report';

export async function outageFigures(databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl) return log('faults.* not measured: no PostgreSQL (DATABASE_URL unset and no private cluster)');
  log('running the database outage test for faults.*');
  const out = await new Promise<string>((res) => {
    const p = spawn('npx', ['vitest', 'run', '--project', 'unit', 'tests/integration/db-outage.test.ts'], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    p.stdout.on('data', (b: Buffer) => (text += b.toString()));
    p.stderr.on('data', (b: Buffer) => (text += b.toString()));
    p.on('close', (code) => {
      log(`  outage test exited with ${code}`);
      res(text);
    });
  });
  const figures: Record<string, number> = {};
  for (const m of out.matchAll(/\{"faults\.[^}]*\}/g)) Object.assign(figures, JSON.parse(m[0]) as Record<string, number>);
  const lost = figures['faults.alarms_lost_db_outage'];
  const err = figures['faults.energy_error_pct_db_outage'];
  if (lost === undefined || err === undefined) {
    log(`faults.* not measured: the outage test printed no figures\n${out.slice(-2000)}`);
    return;
  }
  log(`  outage test: ${JSON.stringify(figures)}`);
  report('faults.alarms_lost_db_outage', lost, 'alarms');
  report('faults.energy_error_pct_db_outage', err, '%');
}
