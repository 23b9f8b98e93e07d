import pg from 'pg';
import { log, report } from '../report';
import { replicasSkipReason, startReplicas } from '../../tests/integration/replicas/spawn';
import { clusterEnv, energyRun, failoverRun } from '../../tests/integration/replicas/scenarios';
import { exportAcross } from '../../tests/integration/replicas/exports';

// `npm run bench -- replicas` (docs/deploy.md): two replicas on one PostgreSQL and Mosquitto.
//   replicas.energy_ratio   recorded ÷ metered energy, both replicas ingesting for 60 s (0.98–1.02)
//   replicas.failover_s     kill -9 of an owner until the survivor stores its stations' frames (≤ 15)
//   replicas.revocation_ms  logout on one replica until the other refuses the session (≤ 1,000)
//   replicas.export_other_replica_ok  an export started on one replica, polled and downloaded
//                           through the other, byte-identical (1 = yes)

const STATIONS = Number(process.env.REPLICAS_BENCH_STATIONS ?? 12);
const SECONDS = Number(process.env.REPLICAS_BENCH_SECONDS ?? 60);

export const run = async (): Promise<void> => {
  const why = await replicasSkipReason();
  if (why) {
    log(`[replicas] skipped: ${why}`);
    return;
  }
  const set = await startReplicas(2, { env: clusterEnv(STATIONS) });
  const db = new pg.Client({ connectionString: set.databaseUrl });
  await db.connect();
  try {
    const { measureRevocation } = await import('./replicas-revocation');
    const rev = await measureRevocation([set.urls[0]!, set.urls[1]!]).catch((e: unknown) => {
      log(`[replicas] revocation: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    });
    if (rev) report('replicas.revocation_ms', rev.ms, 'ms');
    const stationId = (await db.query<{ id: number }>('SELECT min(id)::int AS id FROM stations')).rows[0]!.id;
    const ex = await exportAcross([set.urls[0]!, set.urls[1]!], stationId);
    log(`[replicas] export: ${ex.bytes} bytes, done after ${ex.ms} ms and ${ex.polls} polls on the other replica`);
    report('replicas.export_other_replica_ok', ex.ok ? 1 : 0, 'bool');
    log(`[replicas] ${STATIONS} stations, ingesting for ${SECONDS} s`);
    const e = await energyRun(set, db, { seconds: SECONDS, stations: STATIONS });
    log(
      `[replicas] recorded ${e.recorded.toFixed(3)} kWh, metered ${e.metered.toFixed(3)} kWh; ${e.played} alarms played, ${e.alarmRows} stored, ${e.occurrences} occurrences; console pushes per alarm ${e.pushesPerAlarm.join(',') || 'none'}`,
    );
    report('replicas.energy_ratio', e.ratio, 'ratio');
    const f = await failoverRun(set, db, { stations: STATIONS });
    log(`[replicas] command closed ${f.closedMs} ms after the kill: status ${f.commandStatus} (${f.commandReason ?? 'acknowledged'})`);
    report('replicas.failover_s', f.failoverMs / 1000, 's');
  } finally {
    await db.end().catch(() => undefined);
    await set.stop();
  }
};
