import type { Queryable } from '../db/db';
import type { Registry } from '../registry';

// Who may take an alarm of a station (docs/alarms.md, "Alarm handling"): an enabled account that
// can see the station: of the platform, of the station's provider or of its customer, and with a
// station-list scope only when the list holds the station. assignAlarm checks one account by this
// rule; queryAlarmAssignees lists every account that passes it, so the console offers no one the
// server would then refuse.

interface Candidate {
  userId: number;
  orgId: number;
  status: number;
  dataScope: string;
  stations: number[];
  name: string;
}

const CANDIDATE_SQL = `SELECT id AS "userId", org_id AS "orgId", status, data_scope AS "dataScope", scope_station_ids AS stations,
  coalesce(nullif(contact, ''), account) AS name FROM accounts`;

function mayTake(registry: Registry, a: Candidate, stationId: number): boolean {
  const st = registry.stations.get(stationId);
  const org = registry.orgs.get(a.orgId);
  if (!st || !org || a.status !== 1) return false;
  if (a.dataScope === 'stations' && !a.stations.includes(stationId)) return false;
  return org.orgType === 1 || (org.orgType === 2 ? org.id === st.providerId : org.id === st.customerId);
}

/** The name of `accountId` when it may take alarms of `stationId`, else null. */
export async function assigneeFor(db: Queryable, registry: Registry, accountId: number, stationId: number): Promise<string | null> {
  const [a] = await db.query<Candidate>(`${CANDIDATE_SQL} WHERE id = $1`, [accountId]);
  return a && mayTake(registry, a, stationId) ? a.name : null;
}

/** Every account of `orgIds` (the caller's organisations) that may take alarms of `stationId`, by name. */
export async function assigneesOf(
  db: Queryable,
  registry: Registry,
  stationId: number,
  orgIds: readonly number[],
): Promise<{ userId: number; name: string }[]> {
  const st = registry.stations.get(stationId);
  if (!st) return [];
  const seeing = orgIds.filter((o) => o === st.providerId || o === st.customerId || registry.orgs.get(o)?.orgType === 1);
  if (seeing.length === 0) return [];
  const rows = await db.query<Candidate>(`${CANDIDATE_SQL} WHERE status = 1 AND org_id = ANY($1::int[]) ORDER BY name, id`, [seeing]);
  return rows.filter((a) => mayTake(registry, a, stationId)).map(({ userId, name }) => ({ userId, name }));
}
