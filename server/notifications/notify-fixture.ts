import type { TestServer } from '../test/harness';

// What the notification tests set up alike: the station and device their alarms come from, and
// a clean slate of rules and deliveries before each case.

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

/** Empties these tables (notification rules and deliveries unless told otherwise). */
export const emptyTables = async (s: TestServer, tables: readonly string[] = ['notification_rules', 'notification_deliveries']): Promise<void> => {
  for (const t of tables) await s.services.db.query(`DELETE FROM ${t}`);
};
