import type { Queryable } from '../db/db';
import type { AlarmRow } from '../alarms/store';

// Storm control. A gateway that goes offline takes every device behind it with it: each device's
// communication alarm would be one more message to every recipient. Both the gateway's alarm and
// a device communication alarm wait a grace period before they are sent, so that whichever comes
// first, the other is known by then: a device communication alarm of a station whose gateway was
// offline at that time (or went offline within the grace) is suppressed, and the gateway's
// message counts the device alarms it stands for.

export const GATEWAY_OFFLINE = 'gatewayOffline';

/** A device's communication alarm: what a gateway going offline raises for every device behind it. */
export const isCommAlarm = (a: Pick<AlarmRow, 'ruleCode' | 'deviceType'>): boolean =>
  a.deviceType !== 'gateway' && /Comm(Lost|Fault|Timeout)$/.test(a.ruleCode);

/** Whether a delivery of this alarm waits for the storm grace. */
export const holdsForStorm = (a: Pick<AlarmRow, 'ruleCode' | 'deviceType'>): boolean => a.ruleCode === GATEWAY_OFFLINE || isCommAlarm(a);

/** The gateway-offline alarm that covers device alarm `a`, if any. */
export const coveringGateway = async (db: Queryable, a: AlarmRow, graceMs: number): Promise<number | null> => {
  const [row] = await db.query<{ id: number }>(
    `SELECT id FROM alarms
     WHERE station_id = $1 AND rule_code = $2 AND happen_time <= $3::timestamptz + $5 * interval '1 millisecond'
       AND (recovery_time IS NULL OR recovery_time >= $4::timestamptz)
     ORDER BY happen_time DESC LIMIT 1`,
    [a.stationId, GATEWAY_OFFLINE, a.happenTime, a.happenTime, graceMs],
  );
  return row?.id ?? null;
};

/** Device communication alarms of the gateway alarm's station raised during its outage (from the grace before it). */
export const suppressedBy = async (db: Queryable, gw: AlarmRow, graceMs: number, now: Date): Promise<number> => {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM alarms
     WHERE station_id = $1 AND rule_code ~ 'Comm(Lost|Fault|Timeout)$' AND device_type <> 'gateway'
       AND happen_time >= $2::timestamptz - $4 * interval '1 millisecond' AND happen_time <= $3::timestamptz`,
    [gw.stationId, gw.happenTime, gw.recoveryTime ?? now, graceMs],
  );
  return row?.n ?? 0;
};
