import { describe, expect, it } from 'vitest';
import { backends, startTestServer } from '../test/harness';
import { serverWorld } from '../test/world';
import { ErrorCode } from '../../protocol/errors';

// Concurrent hand resolutions share one statement (group commit); each caller must still get
// exactly its own answer, and a provider's admin must not resolve another provider's alarm.
describe.each(backends())('resolveAlarm group commit (%s)', (backend) => {
  const w = serverWorld(
    () => startTestServer(backend),
    async (s) => {
      const [A, B] = (await s.fixtures()).providers as [number, number];
      return { A, B };
    },
  );

  const open = async (provider: number, n: number): Promise<number[]> => {
    const station = w.s.services.registry.stationsByProvider.get(provider)![0]!;
    const rows = await w.s.services.db.query<{ id: number }>(
      `INSERT INTO alarms(provider_id, station_id, device_type, rule_code, category, type, status, content, happen_time, dedup_key)
       SELECT $1::int, $2::int, 'gateway', 'batchTest', 'event', 'event', 1, 'batch ' || g, now(), 'batch:' || $1::int || ':' || g || ':' || random() FROM generate_series(1, $3::int) g RETURNING id`,
      [provider, station, n],
    );
    return rows.map((r) => r.id);
  };

  it('answers each concurrent caller for its own alarm, duplicates as already resolved, and audits once each', async () => {
    const root = await w.s.login('admin', 'Admin@2026');
    const ids = await open(w.A, 12);
    const calls = [...ids, ids[0]!, ids[1]!].map((alarmId) => w.s.call('resolveAlarm', { alarmId }, root));
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(answers.map((a) => a.data.alarmId)).toEqual([...ids, ids[0], ids[1]]);
    expect(answers.every((a) => a.data.alarmStatus === 2)).toBe(true);
    const audits = await w.s.services.db.query<{ target: string; outcome: string }>(
      "SELECT target, detail->>'outcome' AS outcome FROM audit_log WHERE action = 'resolveAlarm' AND target = ANY($1::text[])",
      [ids.map((i) => `alarm:${i}`)],
    );
    expect(audits.filter((a) => a.outcome === 'resolved')).toHaveLength(12);
    expect(audits.filter((a) => a.outcome === 'alreadyResolved')).toHaveLength(2);
  });

  it("keeps a provider's admin to its own alarms inside a shared batch", async () => {
    const provA = (await w.s.makeAccount({ orgId: w.A, permissions: ['alarm.resolve', 'alarm.alarmList'] })).token;
    const mine = await open(w.A, 3);
    const theirs = await open(w.B, 3);
    const answers = await Promise.all([...mine, ...theirs].map((alarmId) => w.s.call('resolveAlarm', { alarmId }, provA)));
    expect(answers.slice(0, 3).map((a) => a.code)).toEqual([0, 0, 0]);
    expect(answers.slice(3).map((a) => a.code)).toEqual([ErrorCode.notFound, ErrorCode.notFound, ErrorCode.notFound]);
    const still = await w.s.services.db.query<{ status: number }>('SELECT status FROM alarms WHERE id = ANY($1::bigint[])', [theirs]);
    expect(still.every((r) => r.status === 1)).toBe(true);
  });
});
