import { ACTION_WAY, type AlarmCategory, type AlarmChange, type AlarmPush } from '../../protocol/push';
import type { ALARM_TYPES } from '../../protocol/actions/alarms';
import type { DeviceType } from '../../protocol/actions/stations';
import type { Queryable } from '../db/db';
import type { Registry } from '../registry';
import { alarmTopicsForStation } from '../broker/access';
import type { PushBroker } from '../broker/types';

// The alarm repository (docs/alarms.md). The fleet's rules engine calls `raiseAlarm` when a
// condition starts and `recoverAlarm` when it clears; the alarm actions (server/actions/alarms.ts)
// read and resolve through the same row shape. Every row carries a dedup key; at most one
// unresolved alarm exists per key (partial unique index `alarms_open_dedup`), so a flapping
// condition bumps `occurrences` of the open alarm instead of raising a new one.

export type AlarmType = (typeof ALARM_TYPES)[number];

export interface AlarmRule {
  code: string;
  /** English name; the console may translate by code */
  name: string;
  category: AlarmCategory;
  type: AlarmType;
  deviceType: DeviceType;
}

const rule = (code: string, name: string, category: AlarmCategory, type: AlarmType, deviceType: DeviceType): AlarmRule => ({
  code,
  name,
  category,
  type,
  deviceType,
});

/** The rule catalogue: code → name, default category and type, the device type it watches. */
export const ALARM_RULES: Readonly<Record<string, AlarmRule>> = Object.fromEntries(
  [
    // battery clusters (BMS)
    rule('cellOverTemp', 'Cell over-temperature', 'alarm', 'alert', 'battery_cluster'),
    rule('cellOverTempTrip', 'Cell over-temperature protection', 'protection', 'fault', 'battery_cluster'),
    rule('cellOverVoltage', 'Cell over-voltage', 'alarm', 'alert', 'battery_cluster'),
    rule('cellUnderVoltageTrip', 'Cell under-voltage protection', 'protection', 'fault', 'battery_cluster'),
    rule('cellVoltageSpread', 'Cell voltage imbalance', 'alarm', 'alert', 'battery_cluster'),
    rule('clusterInsulationLow', 'Insulation resistance low', 'fault', 'fault', 'battery_cluster'),
    rule('bmsCommLost', 'BMS communication lost', 'fault', 'fault', 'battery_cluster'),
    rule('forceChargeRequest', 'Force-charge request', 'event', 'event', 'battery_cluster'),
    // power conversion system
    rule('pcsIgbtOverTemp', 'IGBT over-temperature', 'alarm', 'alert', 'pcs'),
    rule('pcsDcOverVoltage', 'DC bus over-voltage', 'fault', 'fault', 'pcs'),
    rule('pcsAcOverCurrent', 'AC over-current protection', 'protection', 'fault', 'pcs'),
    rule('pcsModeChange', 'Operating state changed', 'event', 'event', 'pcs'),
    // PV inverters
    rule('pvInsulationLow', 'PV insulation resistance low', 'fault', 'fault', 'pv_inverter'),
    rule('pvStringCurrentLow', 'String current abnormal', 'alarm', 'alert', 'pv_inverter'),
    rule('pvGridOverVoltage', 'Grid over-voltage trip', 'protection', 'fault', 'pv_inverter'),
    rule('pvDerating', 'Over-temperature derating', 'event', 'alert', 'pv_inverter'),
    // diesel generators
    rule('dgStartFailure', 'Start failure', 'fault', 'fault', 'generator'),
    rule('dgFuelLow', 'Fuel level low', 'alarm', 'alert', 'generator'),
    rule('dgCoolantHighTrip', 'High coolant temperature shutdown', 'protection', 'fault', 'generator'),
    rule('dgStarted', 'Generator started', 'event', 'event', 'generator'),
    // charging piles
    rule('pileConnectorOverTemp', 'Connector over-temperature', 'protection', 'fault', 'charging_pile'),
    rule('pileEmergencyStop', 'Emergency stop pressed', 'alarm', 'alert', 'charging_pile'),
    rule('pileSessionAbort', 'Charging session aborted', 'event', 'event', 'charging_pile'),
    // gateway, grid meter, load, weather station
    rule('gatewayOffline', 'Gateway offline', 'alarm', 'alert', 'gateway'),
    rule('gatewayRestart', 'Gateway restarted', 'event', 'event', 'gateway'),
    rule('gridOutage', 'Grid outage', 'event', 'event', 'meter'),
    rule('demandExceeded', 'Demand limit exceeded', 'alarm', 'alert', 'meter'),
    rule('peakDemandNear', "Month's peak demand about to be exceeded", 'alarm', 'alert', 'meter'),
    rule('reversePowerTrip', 'Anti-backflow protection', 'protection', 'fault', 'meter'),
    rule('meterCommLost', 'Meter communication lost', 'alarm', 'alert', 'meter'),
    rule('transformerOverload', 'Transformer overload', 'alarm', 'alert', 'load'),
    rule('weatherCommLost', 'Weather station communication lost', 'event', 'alert', 'weather_station'),
  ].map((r) => [r.code, r]),
);

/** Rule name for a code: the catalogue's, else `params.ruleName` (rules defined elsewhere), else the code. */
export const ruleNameOf = (code: string, params: Record<string, unknown> = {}): string =>
  ALARM_RULES[code]?.name ?? (typeof params.ruleName === 'string' && params.ruleName ? params.ruleName : code);

/** Rule codes whose name contains `needle` (case-insensitive): keyword search over rule names. */
export const ruleCodesMatching = (needle: string): string[] => {
  const n = needle.toLowerCase();
  return Object.values(ALARM_RULES)
    .filter((r) => r.name.toLowerCase().includes(n))
    .map((r) => r.code);
};

/** SPEC §4: 35003 (pop-up + the category's sound) for fault and protection; 35002 (pop-up) for alarm and event. */
export const actionWayOf = (category: AlarmCategory): AlarmPush['actionWay'] =>
  category === 'fault' || category === 'protection' ? ACTION_WAY.popupWithSound : ACTION_WAY.popup;

/** One alarm with the names the screens need (station, device, resolving account). */
export interface AlarmRow {
  id: number;
  providerId: number;
  stationId: number;
  stationName: string;
  deviceId: number | null;
  deviceName: string | null;
  deviceType: string;
  ruleCode: string;
  category: AlarmCategory;
  type: AlarmType;
  status: 1 | 2;
  content: string;
  params: Record<string, unknown>;
  happenTime: Date;
  recoveryTime: Date | null;
  resolvedById: number | null;
  /** contact person of the resolving account, else its login name */
  resolvedBy: string | null;
  dedupKey: string;
  occurrences: number;
  // handling (migration 020): acknowledgement, assignment, shelved / in-maintenance marks
  ackedById: number | null;
  ackedBy: string | null;
  ackedAt: Date | null;
  ackNote: string | null;
  assigneeId: number | null;
  assigneeName: string | null;
  shelved: boolean;
  inMaintenance: boolean;
}

/** The handling state of an alarm nobody has handled yet. */
export const NOT_HANDLED = {
  ackedById: null,
  ackedBy: null,
  ackedAt: null,
  ackNote: null,
  assigneeId: null,
  assigneeName: null,
  shelved: false,
  inMaintenance: false,
} as const satisfies Partial<AlarmRow>;

/** Handling columns of AlarmRow over `alarms a` and the assignee joined as `asg`. */
export const HANDLING_COLUMNS = `a.acked_by AS "ackedById", a.acked_by_name AS "ackedBy", a.acked_at AS "ackedAt", a.ack_note AS "ackNote",
  a.assignee_id AS "assigneeId", coalesce(nullif(asg.contact, ''), asg.account) AS "assigneeName",
  a.shelved, a.in_maintenance AS "inMaintenance"`;

/** Columns of AlarmRow over `alarms a` joined by ALARM_JOINS. */
export const ALARM_COLUMNS = `a.id, a.provider_id AS "providerId", a.station_id AS "stationId", s.name AS "stationName",
  a.device_id AS "deviceId", d.name AS "deviceName", a.device_type AS "deviceType", a.rule_code AS "ruleCode",
  a.category, a.type, a.status, a.content, a.params, a.happen_time AS "happenTime", a.recovery_time AS "recoveryTime",
  a.resolved_by AS "resolvedById", coalesce(nullif(r.contact, ''), r.account) AS "resolvedBy", a.dedup_key AS "dedupKey", a.occurrences,
  ${HANDLING_COLUMNS}`;
export const ALARM_JOINS = `JOIN stations s ON s.id = a.station_id
  LEFT JOIN devices d ON d.id = a.device_id
  LEFT JOIN accounts r ON r.id = a.resolved_by
  LEFT JOIN accounts asg ON asg.id = a.assignee_id`;

/** The open alarm of a condition: one per station, device (or the station itself) and rule. */
export const dedupKeyOf = (stationId: number, deviceId: number | null | undefined, ruleCode: string): string =>
  `${stationId}/${deviceId ?? 'station'}/${ruleCode}`;

export interface RaiseInput {
  stationId: number;
  /** null/absent: a station-level condition */
  deviceId?: number | null;
  ruleCode: string;
  /** defaults: the device's type, else the rule's */
  deviceType?: string;
  /** defaults from the rule catalogue; required for a code it does not know */
  category?: AlarmCategory;
  type?: AlarmType;
  /** human text of this occurrence, e.g. 'Cluster 1-3 cell over-temperature 56.2 °C' */
  content: string;
  /** measured values etc.; a repeat merges its params into the open alarm's */
  params?: Record<string, unknown>;
  /** when the condition was detected */
  time: Date;
  /** default dedupKeyOf(stationId, deviceId, ruleCode) */
  dedupKey?: string;
}

export interface RaiseResult {
  /** true: a new alarm (push it); false: the open alarm of the same key counted one more occurrence */
  isNew: boolean;
  row: AlarmRow;
}

/**
 * Raises an alarm, or, when an unresolved alarm with the same dedup key exists, bumps its
 * occurrences (content and happen time stay those of the first occurrence; params merge in the
 * latest values plus `lastRaisedAt`). One statement (INSERT … ON CONFLICT on the partial unique
 * index), so concurrent raises of one condition give one row.
 */
export const raiseAlarm = async (db: Queryable, input: RaiseInput): Promise<RaiseResult> => {
  const known = ALARM_RULES[input.ruleCode];
  const category = input.category ?? known?.category;
  const type = input.type ?? known?.type;
  if (!category || !type) throw new Error(`raiseAlarm: unknown rule ${input.ruleCode} needs category and type`);
  const deviceId = input.deviceId ?? null;
  const dedupKey = input.dedupKey ?? dedupKeyOf(input.stationId, deviceId, input.ruleCode);
  const params = input.params ?? {};
  const [row] = await db.query<AlarmRow>(
    `WITH up AS (
       INSERT INTO alarms AS x (provider_id, station_id, device_id, device_type, rule_code, category, type, status, content, params, happen_time, dedup_key, occurrences, shelved, in_maintenance)
       SELECT st.provider_id, st.id, $2::int,
              coalesce((SELECT type FROM devices WHERE id = $2::int AND station_id = st.id), $3::text, $4::text),
              $5, $6, $7, 1, $8, $9::jsonb, $10::timestamptz, $11, 1,
              EXISTS (SELECT 1 FROM alarm_shelves sh WHERE sh.station_id = st.id AND sh.rule_code = $5
                        AND (sh.device_id IS NULL OR sh.device_id = $2::int) AND sh.until > $10::timestamptz),
              EXISTS (SELECT 1 FROM maintenance_windows mw WHERE mw.station_id = st.id AND mw.end_at > $10::timestamptz
                        AND mw.start_at <= $10::timestamptz AND (cardinality(mw.device_ids) = 0 OR $2::int = ANY(mw.device_ids)))
       FROM stations st WHERE st.id = $1::int
       ON CONFLICT (dedup_key) WHERE status = 1 DO UPDATE
         SET occurrences = x.occurrences + 1,
             params = x.params || EXCLUDED.params || jsonb_build_object('lastRaisedAt', to_char(EXCLUDED.happen_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
       RETURNING *)
     SELECT ${ALARM_COLUMNS} FROM up a ${ALARM_JOINS}`,
    [
      input.stationId,
      deviceId,
      input.deviceType ?? null,
      known?.deviceType ?? null,
      input.ruleCode,
      category,
      type,
      input.content,
      JSON.stringify(params),
      input.time,
      dedupKey,
    ],
  );
  if (!row) throw new Error(`raiseAlarm: station ${input.stationId} does not exist`);
  return { isNew: row.occurrences === 1, row };
};

/**
 * The condition of `dedupKey` cleared at `time`: its open alarm becomes resolved (recovery time
 * never before the happen time). Returns the resolved row, or null when nothing was open.
 */
export const recoverAlarm = async (db: Queryable, dedupKey: string, time: Date): Promise<AlarmRow | null> => {
  const [row] = await db.query<AlarmRow>(
    `WITH up AS (
       UPDATE alarms SET status = 2, recovery_time = greatest(happen_time, $2::timestamptz)
       WHERE dedup_key = $1 AND status = 1 RETURNING *)
     SELECT ${ALARM_COLUMNS} FROM up a ${ALARM_JOINS}`,
    [dedupKey, time],
  );
  return row ?? null;
};

export const alarmById = async (db: Queryable, id: number): Promise<AlarmRow | null> => {
  const [row] = await db.query<AlarmRow>(`SELECT ${ALARM_COLUMNS} FROM alarms a ${ALARM_JOINS} WHERE a.id = $1`, [id]);
  return row ?? null;
};

/** The push message of an alarm (protocol/push.ts); `status` follows the row. Only the raise of
 *  an alarm that is neither shelved nor in maintenance pops up; every other change is silent. */
export const toPush = (row: AlarmRow, registry: Registry, change?: AlarmChange): AlarmPush => {
  const stationName = registry.stations.get(row.stationId)?.name ?? row.stationName;
  const ch = change ?? (row.status === 1 ? 'raised' : 'resolved');
  return {
    alarmId: row.id,
    orgId: row.providerId,
    stationId: row.stationId,
    actionWay: actionWayOf(row.category),
    stationName,
    monitoredObjectName: row.deviceName ?? stationName,
    alarmRuleName: ruleNameOf(row.ruleCode, row.params),
    alarmRuleCode: row.ruleCode,
    alarmCategory: row.category,
    happenTime: row.happenTime.toISOString(),
    status: row.status === 1 ? 'unresolved' : 'resolved',
    change: ch,
    silent: ch !== 'raised' || row.shelved || row.inMaintenance,
    ackedBy: row.ackedBy,
    ackedAt: iso(row.ackedAt),
    ackNote: row.ackNote,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName,
    shelved: row.shelved,
    inMaintenance: row.inMaintenance,
  };
};

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/** Publishes the push of `row` on its alarm topics (once per new alarm, once per resolution). */
export const publishAlarm = async (broker: PushBroker, registry: Registry, row: AlarmRow, change?: AlarmChange): Promise<AlarmPush> => {
  const msg = toPush(row, registry, change);
  const payload = JSON.stringify(msg);
  // The provider's topic, the customer's (for a customer's station) and the station's own.
  for (const topic of alarmTopicsForStation(registry, row.stationId)) await broker.publish(topic, payload);
  return msg;
};
