import type { Db } from '../db/db';
import type { Registry } from '../registry';
import { ALARM_RULES, dedupKeyOf, type AlarmRule } from './store';
import { mulberry32 } from '../util/prng';
import { Rng, TEXTS, type Device } from './seed-texts';

// A plausible 30-day alarm history for a freshly seeded fleet (docs/alarms.md): a few hundred
// alarms across the stations, each from a rule of the catalogue that fits a real device of the
// station, with content texts as a site would report them (seed-texts.ts). Most are resolved
// (automatically, some by an operator) after a duration typical of their category; 10-20 are
// still open.
// Deterministic for a given database and `now` (mulberry32, never Math.random).

const DAY = 86_400_000;
const MIN = 60_000;
const HISTORY_DAYS = 30;
/** pg_advisory_xact_lock key: two servers starting at once on one PostgreSQL seed once. */
const LOCK = 7_314_017;

/** How often each rule fires relative to the others (alerts and events more than trips and faults). */
const WEIGHT: Record<string, number> = {
  cellOverTemp: 5,
  cellOverTempTrip: 1,
  cellOverVoltage: 3,
  cellUnderVoltageTrip: 1,
  cellVoltageSpread: 4,
  clusterInsulationLow: 1,
  bmsCommLost: 1,
  forceChargeRequest: 2,
  pcsIgbtOverTemp: 3,
  pcsDcOverVoltage: 1,
  pcsAcOverCurrent: 1,
  pcsModeChange: 3,
  pvInsulationLow: 2,
  pvStringCurrentLow: 5,
  pvGridOverVoltage: 2,
  pvDerating: 4,
  dgStartFailure: 1,
  dgFuelLow: 3,
  dgCoolantHighTrip: 1,
  dgStarted: 5,
  pileConnectorOverTemp: 1,
  pileEmergencyStop: 1,
  pileSessionAbort: 4,
  gatewayOffline: 3,
  gatewayRestart: 2,
  gridOutage: 1,
  demandExceeded: 2,
  reversePowerTrip: 1,
  meterCommLost: 1,
  transformerOverload: 1,
  weatherCommLost: 1,
};

/** Minutes until recovery, by category: events pass quickly, faults wait for a technician. */
const duration = (rule: AlarmRule, r: Rng): number => {
  switch (rule.category) {
    case 'event':
      return r.range(1, 30);
    case 'alarm':
      return r.range(5, 180);
    case 'protection':
      return r.range(10, 120);
    case 'fault':
      return r.range(45, 36 * 60);
  }
};

interface Planned {
  provider_id: number;
  station_id: number;
  device_id: number;
  device_type: string;
  rule_code: string;
  category: string;
  type: string;
  status: 1 | 2;
  content: string;
  params: Record<string, unknown>;
  happen_time: string;
  recovery_time: string | null;
  resolved_by: number | null;
  dedup_key: string;
  occurrences: number;
}

export interface AlarmHistorySummary {
  inserted: number;
  open: number;
}

export interface AlarmHistoryOptions {
  /** only when the alarms table is empty (default true), so a restart does not add another month */
  ifEmpty?: boolean;
}

/**
 * Inserts a 30-day alarm history ending at `now` for every station of the registry that was in
 * operation (none before a station's operation date). Returns what it inserted; nothing when
 * `ifEmpty` and alarms exist already. Runs in one transaction.
 */
export async function seedAlarmHistory(db: Db, registry: Registry, now: Date, opts: AlarmHistoryOptions = {}): Promise<AlarmHistorySummary> {
  const { ifEmpty = true } = opts;
  const end = now.getTime();
  const start = end - HISTORY_DAYS * DAY;
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [LOCK]);
    if (ifEmpty && (await q.query('SELECT 1 FROM alarms LIMIT 1')).length > 0) return { inserted: 0, open: 0 };

    const devices = await q.query<Device>(
      `SELECT id, station_id AS "stationId", type, name, params, rated_power_kw AS "ratedPowerKw" FROM devices ORDER BY id`,
    );
    const opDates = await q.query<{ id: number; op: string }>(`SELECT id, operation_date::text AS op FROM stations`);
    const opOf = new Map(opDates.map((s) => [s.id, Date.parse(`${s.op}T00:00:00Z`)]));
    // Accounts that may resolve alarms, per org: an operator of the provider, else the platform.
    const resolvers = await q.query<{ id: number; orgId: number; orgType: number }>(
      `SELECT a.id, a.org_id AS "orgId", o.org_type AS "orgType" FROM accounts a JOIN roles r ON r.id = a.role_id JOIN orgs o ON o.id = a.org_id
       WHERE a.status = 1 AND 'alarm.resolve' = ANY(r.permissions) ORDER BY a.id`,
    );
    const platformResolver = resolvers.find((a) => a.orgType === 1)?.id ?? null;
    const resolverOf = (providerId: number) => resolvers.find((a) => a.orgId === providerId)?.id ?? platformResolver;

    const byStation = new Map<number, Device[]>();
    for (const d of devices) (byStation.get(d.stationId) ?? byStation.set(d.stationId, []).get(d.stationId)!).push(d);

    const rows: Planned[] = [];
    const openKeys = new Set<string>();
    const iso = (t: number) => new Date(t).toISOString();

    const plan = (r: Rng, providerId: number, d: Device, rule: AlarmRule, happen: number, open: boolean): void => {
      const { content, params } = TEXTS[rule.code]!(d, r);
      const key = dedupKeyOf(d.stationId, d.id, rule.code);
      let recovery: number | null = null;
      let resolvedBy: number | null = null;
      if (!open) {
        recovery = happen + duration(rule, r) * MIN;
        if (recovery >= end) recovery = happen + (end - happen) * r.range(0.2, 0.9);
        // Alerts and faults are sometimes closed by hand from the console; events clear by themselves.
        if (rule.type !== 'event' && r.chance(0.2)) resolvedBy = resolverOf(providerId);
      }
      rows.push({
        provider_id: providerId,
        station_id: d.stationId,
        device_id: d.id,
        device_type: d.type,
        rule_code: rule.code,
        category: rule.category,
        type: rule.type,
        status: open ? 1 : 2,
        content,
        params,
        happen_time: iso(Math.floor(happen)),
        recovery_time: recovery === null ? null : iso(Math.floor(recovery)),
        resolved_by: resolvedBy,
        dedup_key: key,
        occurrences: rule.type === 'alert' && r.chance(0.3) ? r.int(2, 6) : 1,
      });
      if (open) openKeys.add(key);
    };

    const candidates = (list: Device[]) => {
      // A station with 16 clusters has more cluster alarms than one with 2, but not 8 times as many.
      const perType = new Map<string, number>();
      for (const d of list) perType.set(d.type, (perType.get(d.type) ?? 0) + 1);
      const out: { d: Device; rule: AlarmRule; w: number }[] = [];
      for (const d of list)
        for (const rule of Object.values(ALARM_RULES))
          // a station-level rule (the peak alarm) has no device text and is never in the demo history
          if (rule.deviceType === d.type && TEXTS[rule.code]) out.push({ d, rule, w: (WEIGHT[rule.code] ?? 1) / Math.sqrt(perType.get(d.type)!) });
      return out;
    };
    const pickWeighted = <T extends { w: number }>(r: Rng, xs: T[]): T => {
      let x = r.range(
        0,
        xs.reduce((a, c) => a + c.w, 0),
      );
      for (const c of xs) if ((x -= c.w) <= 0) return c;
      return xs[xs.length - 1]!;
    };

    const live: { sid: number; providerId: number; cands: ReturnType<typeof candidates>; from: number }[] = [];
    for (const [sid, meta] of registry.stations) {
      const from = Math.max(start, opOf.get(sid) ?? start);
      const cands = candidates(byStation.get(sid) ?? []);
      if (from >= end - DAY || cands.length === 0) continue; // not yet in operation (or hardly)
      live.push({ sid, providerId: meta.providerId, cands, from });
    }

    // Resolved history: a few per station and month, busier stations (more devices) more.
    for (const st of live) {
      const r = new Rng(mulberry32(st.sid * 7919 + 17));
      const span = (end - st.from) / (HISTORY_DAYS * DAY);
      const n = Math.round((r.int(2, 7) + Math.min(4, st.cands.length / 12)) * span);
      for (let k = 0; k < n; k++) {
        const c = pickWeighted(r, st.cands);
        plan(r, st.providerId, c.d, c.rule, r.range(st.from, end - 5 * MIN), false);
      }
    }

    // Open alarms: 10-20 across the fleet, raised in the last three days, one per dedup key.
    if (live.length > 0) {
      const r = new Rng(mulberry32(live.length * 131 + 7));
      const want = Math.min(live.length * 2, r.int(10, 20));
      for (let tries = 0; openKeys.size < want && tries < want * 20; tries++) {
        const st = r.pick(live);
        const c = pickWeighted(r, st.cands);
        if (c.rule.category === 'event' && r.chance(0.7)) continue; // events rarely stay open
        if (openKeys.has(dedupKeyOf(st.sid, c.d.id, c.rule.code))) continue;
        plan(r, st.providerId, c.d, c.rule, r.range(Math.max(st.from, end - 3 * DAY), end - MIN), true);
      }
    }

    rows.sort((a, b) => (a.happen_time < b.happen_time ? -1 : a.happen_time > b.happen_time ? 1 : 0));
    // Ids in happen-time order, as a live system would have assigned them.
    const inserted = await q.query<{ status: number }>(
      `INSERT INTO alarms (provider_id, station_id, device_id, device_type, rule_code, category, type, status, content, params,
                           happen_time, recovery_time, resolved_by, dedup_key, occurrences)
       SELECT provider_id, station_id, device_id, device_type, rule_code, category, type, status, content, params,
              happen_time, recovery_time, resolved_by, dedup_key, occurrences
       FROM jsonb_to_recordset($1::jsonb) AS r(provider_id int, station_id int, device_id int, device_type text, rule_code text,
            category text, type text, status smallint, content text, params jsonb, happen_time timestamptz, recovery_time timestamptz,
            resolved_by int, dedup_key text, occurrences int)
       ON CONFLICT (dedup_key) WHERE status = 1 DO NOTHING
       RETURNING status`,
      [JSON.stringify(rows)],
    );
    return { inserted: inserted.length, open: inserted.filter((x) => x.status === 1).length };
  });
}
