import { expect } from 'vitest';
import { ErrorCode } from '../../../protocol/errors';
import { parsePush } from '../../../protocol/push';
import { startTestServer, type Answer, type TestServer } from '../../test/harness';
import { raiseAlarm, recoverAlarm, type RaiseResult } from '../../alarms/store';

// One server per backend for the alarm handling suites: two providers' administrators, accounts
// with exactly the keys a test needs, a device of each provider to raise alarms on, and every
// push the server sends.

export interface HandlingFixture {
  s: TestServer;
  A: number;
  B: number;
  adminA: string;
  adminB: string;
  /** a gateway of each provider: stationId and deviceId */
  gwA: { stationId: number; deviceId: number };
  gwB: { stationId: number; deviceId: number };
  sent: { topic: string; payload: string }[];
  account(orgId: number, permissions: string[]): Promise<{ token: string; userId: number }>;
  raise(at: { stationId: number; deviceId: number }, ruleCode?: string): Promise<RaiseResult>;
  recover(at: { stationId: number; deviceId: number }, ruleCode?: string): Promise<void>;
  /** parsed pushes sent since `from` (an index into `sent`) */
  pushesSince(from: number): ReturnType<typeof parsePush>[];
}

export const startHandlingFixture = async (backend: 'pglite' | 'postgres'): Promise<HandlingFixture> => {
  const s = await startTestServer(backend);
  const fx = await s.fixtures();
  const [A, B] = fx.providers as [number, number];
  const gateway = async (p: number) => {
    const [gw] = await s.services.db.query<{ stationId: number; deviceId: number }>(
      `SELECT d.station_id AS "stationId", d.id AS "deviceId" FROM devices d JOIN stations s ON s.id = d.station_id
       WHERE s.provider_id = $1 AND d.type = 'gateway' ORDER BY d.id LIMIT 1`,
      [p],
    );
    return gw!;
  };
  const sent: { topic: string; payload: string }[] = [];
  const broker = s.services.broker;
  const publish = broker.publish.bind(broker);
  broker.publish = async (topic, payload) => {
    sent.push({ topic, payload });
    return publish(topic, payload);
  };
  const key = (at: { stationId: number; deviceId: number }, rule: string) => `${at.stationId}/${at.deviceId}/${rule}`;
  return {
    s,
    A,
    B,
    sent,
    adminA: await s.login('sunrise', 'Sunrise@2026'),
    adminB: await s.login('pearlriver', 'Pearl@2026'),
    gwA: await gateway(A),
    gwB: await gateway(B),
    account: (orgId, permissions) => s.makeAccount({ orgId, permissions }),
    raise: (at, ruleCode = 'gatewayOffline') => raiseAlarm(s.services.db, { ...at, ruleCode, content: `${ruleCode} test`, time: new Date(s.clock.now) }),
    recover: async (at, ruleCode = 'gatewayOffline') => {
      await recoverAlarm(s.services.db, key(at, ruleCode), new Date(s.clock.now));
    },
    pushesSince: (from) => sent.slice(from).map((m) => parsePush(m.payload)),
  };
};

export const expectForbidden = (r: Answer<unknown>) => expect({ status: r.status, code: r.code }).toEqual({ status: 403, code: ErrorCode.forbidden });
export const expectNotFound = (r: Answer<unknown>) =>
  expect({ status: r.status, code: r.code, data: r.data }).toEqual({ status: 404, code: ErrorCode.notFound, data: null });
export const expectInvalid = (r: Answer<unknown>, path: string) => {
  expect(r.code).toBe(ErrorCode.validationFailed);
  expect((r.data as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain(path);
};
