import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../test/harness';

// An account whose organisation has no stations (a customer signed up before its first site)
// reads its shell's own org like every account: the badge, maintenance windows and the push
// catch-up answer empty, never notFound.
describe.each(backends())('an organisation without stations (%s)', (backend) => {
  let s: TestServer;
  let token: string;
  let orgId: number;
  beforeAll(async () => {
    s = await startTestServer(backend);
    const [provider] = (await s.fixtures()).providers as [number];
    const [org] = await s.services.db.query<{ id: number }>("INSERT INTO orgs(parent_id, org_type, name) VALUES ($1, 3, 'No Sites Yet Ltd') RETURNING id", [
      provider,
    ]);
    orgId = org!.id;
    await s.services.registry.load(s.services.db);
    token = (await s.makeAccount({ orgId, permissions: ['homepage.index', 'alarm.alarmList', 'message.list'] })).token;
  }, 240_000);
  afterAll(() => s?.close());

  it("answers its own org's alarm badge, maintenance windows and catch-up with nothing, not notFound", async () => {
    const badge = await s.call('fuzzyAlarmRecord', { alarmRecordVo: { alarmStatus: 1, orgId, acked: false }, page: 1, length: 1000 }, token);
    expect(badge.code).toBe(0);
    expect(badge.data.totalCount).toBe(0);
    const windows = await s.call('queryMaintenanceWindows', { orgId, includeEnded: false }, token);
    expect(windows.code).toBe(0);
    expect(windows.data.dataList).toEqual([]);
    const since = await s.call('queryAlarmsSince', { afterId: 0, orgId }, token);
    expect(since.code).toBe(0);
    expect(since.data.dataList).toEqual([]);
  });
});
