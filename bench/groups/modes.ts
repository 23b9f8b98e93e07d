// Operation-mode benchmark:
//   modes.predict_day_ms   predictStrategyDay through the server's action pipeline for one
//                          station: its models run the next 24 hours under a draft strategy and
//                          under the one in force, both priced; median of 7 (target <= 2000)
import { startTestServer } from '../../server/test/harness';
import { peakShavingParams, spans } from '../../server/test/peak-shaving';
import { log, median, report } from '../report';

const RUNS = 7;

export async function run(): Promise<void> {
  const s = await startTestServer('pglite');
  try {
    const token = await s.login('sunrise', 'Sunrise@2026');
    const [station] = await s.services.db.query<{ id: number; essPowerKw: number }>(
      `SELECT id, ess_power_kw AS "essPowerKw" FROM stations WHERE system_type = 1 AND 'ess' = ANY(energy_types) ORDER BY id LIMIT 1`,
    );
    if (!station) throw new Error('no grid-tied station with storage in the seed');
    const kw = Math.min(100, station.essPowerKw);
    const draft = {
      kind: 'peakShaving',
      params: peakShavingParams(kw, {
        socUpper: 95,
        demandLimitKw: 10_000,
        antiBackflowKw: 0,
        antiOverloadKw: 10_000,
        periods: spans(kw, '00:00-06:00 charge', '06:00-17:00 idle', '17:00-22:00 discharge'),
      }),
    };
    const times: number[] = [];
    let difference = 0;
    for (let r = 0; r < RUNS; r++) {
      const t0 = performance.now();
      const a = await s.call('predictStrategyDay', { stationId: station.id, draft }, token);
      times.push(performance.now() - t0);
      if (a.code !== 0) throw new Error(`predictStrategyDay answered ${a.code} ${a.msg}`);
      difference = a.data.difference;
    }
    log(`modes: station ${station.id}, cost difference ${difference} USD, runs ${times.map((t) => t.toFixed(0)).join(' ')} ms`);
    report('modes.predict_day_ms', median(times), 'ms');
  } finally {
    await s.close();
  }
}
