import { raiseAlarm } from '../alarms/store';
import type { Answer, TestServer } from '../test/harness';
import { serverWorld } from '../test/world';
import { startHookSink, startMailSink, type HookSink, type MailSink } from './receivers';

// What the notification tests set up alike: their server with the station and device their alarms
// come from, the receivers, the alarms they raise, a clean slate of rules and deliveries before each case, the refusals they
// read, and closing what they started.

/** The first station of the first provider, and its first battery cluster. */
export const alarmSource = async (s: TestServer): Promise<{ stationId: number; device: { id: number; name: string } }> => {
  const fx = await s.fixtures();
  const stationId = fx.stationOf.get(fx.providers[0]!)![0]!;
  const [device] = await s.services.db.query<{ id: number; name: string }>(
    "SELECT id, name FROM devices WHERE station_id = $1 AND type = 'battery_cluster' ORDER BY id LIMIT 1",
    [stationId],
  );
  return { stationId, device: device! };
};

/**
 * A notification suite's server, started by `start` (which may start its receivers first) before
 * its first case and closed after its last, with the station and device alarms come from and the
 * provider administrator's token and account id.
 */
export const notifyWorld = (start: () => Promise<TestServer>) =>
  serverWorld(
    start,
    async (s) => ({
      ...(await alarmSource(s)),
      admin: await s.login('sunrise', 'Sunrise@2026'),
      accountId: (await s.services.db.query<{ id: number }>("SELECT id FROM accounts WHERE account = 'sunrise'"))[0]!.id,
    }),
    120_000,
  );

/** Empties these tables (notification rules and deliveries unless told otherwise). */
export const emptyTables = async (s: TestServer, tables: readonly string[] = ['notification_rules', 'notification_deliveries']): Promise<void> => {
  for (const t of tables) await s.services.db.query(`DELETE FROM ${t}`);
};

/** Stores an alarm at the server's clock as the alarm repository does: a cell over temperature unless told otherwise. */
export const raiseAt = async (s: TestServer, alarm: { stationId: number; deviceId: number | null; dedupKey: string; ruleCode?: string; content?: string }) =>
  (await raiseAlarm(s.services.db, { ruleCode: 'cellOverTemp', content: 'Cell temperature 56.2 °C', time: new Date(s.clock.now), ...alarm })).row;

/** The fields a validationFailed answer names, and what is wrong with each. */
export const issuesOf = (r: Answer<unknown>) => (r.data as unknown as { issues: { path: string; issue: string }[] }).issues;

/** Closes the server and then the receivers a suite started; any that did not start are passed over. */
export const closeAll = async (...started: ({ close(): Promise<void> } | undefined)[]): Promise<void> => {
  for (const x of started) await x?.close();
};

/** Before each case: what the last one left due is sent, rules and deliveries are emptied, the receivers' records cleared, and the clock moves an hour on. */
export const nextCase = async (s: TestServer, records: readonly unknown[][]): Promise<void> => {
  await s.services.notifications.tick();
  await emptyTables(s);
  for (const r of records) r.length = 0;
  s.clock.now += 3_600_000;
};

/** An SMTP server and a webhook endpoint that checks each request's signature with `secret`, the secret of the rule saved last. */
export interface Receivers {
  mail: MailSink;
  hook: HookSink;
  secret: string;
  close(): Promise<void>;
}
export const startReceivers = async (): Promise<Receivers> => {
  const rx = { secret: '' } as Receivers;
  rx.mail = await startMailSink();
  rx.hook = await startHookSink(() => rx.secret);
  rx.close = () => closeAll(rx.mail, rx.hook);
  return rx;
};
