import { z } from 'zod';
import { POINT_QUALITIES, STRATEGY_KINDS } from './codes';

// Gateway <-> platform contract (docs/fleet.md). One gateway per station talks MQTT to the
// platform broker under `ems/gw/<stationId>/…`. A gateway may only publish its own
// telemetry/status/ack topics and subscribe to its own command topic; browsers never see
// `ems/gw/#` (broker ACL). Payloads are JSON.
//
//   gateway → platform   ems/gw/<id>/telemetry   one frame per polling cycle (all devices), QoS 0
//   gateway → platform   ems/gw/<id>/status      {online,…} retained; the broker's last will sets offline
//   platform → gateway   ems/gw/<id>/cmd         strategy issuance / mode switch, QoS 1
//   gateway → platform   ems/gw/<id>/ack         acknowledgement of one command, QoS 1

export const GW_ROOT = 'ems/gw';
export const gwTopic = (stationId: number, kind: 'telemetry' | 'status' | 'cmd' | 'ack'): string => `${GW_ROOT}/${stationId}/${kind}`;
/** Parses `ems/gw/<id>/<kind>`; null for anything else. */
export const parseGwTopic = (topic: string): { stationId: number; kind: 'telemetry' | 'status' | 'cmd' | 'ack' } | null => {
  const m = /^ems\/gw\/([1-9]\d{0,9})\/(telemetry|status|cmd|ack)$/.exec(topic);
  return m ? { stationId: Number(m[1]), kind: m[2] as 'telemetry' } : null;
};
/** MQTT username of a station's gateway; the password is HMAC-SHA256(server secret, username), hex. */
export const gatewayUsername = (stationId: number): string => `gw-${stationId}`;
export const parseGatewayUsername = (u: string): number | null => {
  const m = /^gw-([1-9]\d{0,9})$/.exec(u);
  return m ? Number(m[1]) : null;
};

// ───────────────────────────── device states (SPEC §4) ─────────────────────────────

export { GENERATOR_STATES } from './codes';

// ───────────────────────────── points per device type ─────────────────────────────

export interface PointDef {
  name: string;
  unit: string;
  /** a state or counter: drawn as steps, not interpolated */
  stepwise?: boolean;
  /** a cumulative counter (kWh, L, h) */
  counter?: boolean;
}
const p = (name: string, unit: string, flags: Partial<PointDef> = {}): PointDef => ({ name, unit, ...flags });
/** A state code: no unit, drawn as steps. */
const state = (name: string): PointDef => p(name, '', { stepwise: true });
const counter = (name: string, unit: string): PointDef => p(name, unit, { counter: true });

/** Every device type's measurement points, in the order of a frame's `v` array. Append only. */
export const POINTS = {
  gateway: [state('online'), p('cpuPct', '%'), counter('uptimeS', 's')],
  meter: [p('p', 'kW'), p('v', 'V'), p('f', 'Hz'), state('gridState'), counter('importKwh', 'kWh'), counter('exportKwh', 'kWh')],
  pv_inverter: [p('p', 'kW'), p('dcV', 'V'), p('tempC', '°C'), state('state'), counter('totalKwh', 'kWh')],
  weather_station: [p('ghi', 'W/m²'), p('poa', 'W/m²'), p('ambientC', '°C'), p('moduleC', '°C'), p('windMs', 'm/s')],
  pcs: [
    p('p', 'kW'),
    state('on'),
    state('essState'),
    p('tempC', '°C'),
    p('auxKw', 'kW'),
    counter('chargeKwh', 'kWh'),
    counter('dischargeKwh', 'kWh'),
    counter('auxKwh', 'kWh'),
  ],
  battery_cluster: [
    p('soc', '%'),
    p('p', 'kW'),
    p('v', 'V'),
    p('i', 'A'),
    p('cellVmax', 'V'),
    p('cellVmin', 'V'),
    p('cellTmax', '°C'),
    p('cellTmin', '°C'),
    state('state'),
    p('soh', '%'),
  ],
  generator: [
    state('state'),
    p('p', 'kW'),
    p('rpm', 'rpm'),
    p('coolantC', '°C'),
    p('fuelLevelPct', '%'),
    counter('energyKwh', 'kWh'),
    counter('fuelL', 'L'),
    counter('runHours', 'h'),
  ],
  charging_pile: [state('state'), p('p', 'kW'), p('sessionKwh', 'kWh'), p('vehicleSoc', '%'), counter('totalKwh', 'kWh')],
  load: [p('p', 'kW'), counter('energyKwh', 'kWh')],
} as const satisfies Record<string, readonly PointDef[]>;
export type FleetDeviceType = keyof typeof POINTS;

/** Station-level series (power curve): kept as a pseudo-device with id = -stationId. */
export const STATION_POINTS = [
  p('pvKw', 'kW'),
  p('loadKw', 'kW'),
  p('essKw', 'kW'),
  p('gridKw', 'kW'),
  p('generatorKw', 'kW'),
  p('chargingKw', 'kW'),
  p('soc', '%'),
] as const satisfies readonly PointDef[];

export const pointIndex = (type: FleetDeviceType, name: string): number => POINTS[type].findIndex((d) => d.name === name);

// ───────────────────────────── payloads ─────────────────────────────

const num = z.number().finite();

/** One device in a frame: id, online, state code (null when the type has none), values in POINTS order. */
export const frameDevice = z.object({
  id: z.number().int().positive(),
  on: z.boolean(),
  s: z.number().int().min(0).max(99).nullable(),
  v: z.array(num.nullable()).max(32),
  /** quality of every value of this device; default good */
  q: z.enum(POINT_QUALITIES).optional(),
});
export const telemetryFrame = z.object({
  /** payload version */
  ver: z.literal(1),
  stationId: z.number().int().positive(),
  seq: z.number().int().min(0),
  /** sample time, ms since epoch */
  ts: z.number().int().positive(),
  devices: z.array(frameDevice).max(512),
});
export type TelemetryFrame = z.infer<typeof telemetryFrame>;

export const gatewayStatus = z.object({ online: z.boolean(), ts: z.number().int(), firmware: z.string().optional() });

/** Names a command; its acknowledgement answers with the same id. */
const cmdId = z.string().min(1).max(64);
const strategyKind = z.enum(STRATEGY_KINDS);
/** Every command carries its type and its id, then its own fields. */
const command = <T extends string, S extends z.ZodRawShape>(type: T, fields: S) => z.object({ type: z.literal(type), cmdId, ...fields });

export const gatewayCommand = z.discriminatedUnion('type', [
  command('strategy', {
    distributionId: z.number().int().positive(),
    kind: strategyKind,
    name: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    params: z.record(z.string(), z.unknown()),
  }),
  command('mode', {
    switchId: z.number().int().positive(),
    mode: strategyKind,
    enabled: z.boolean(),
  }),
]);
export type GatewayCommand = z.infer<typeof gatewayCommand>;

export const gatewayAck = z.object({
  cmdId,
  ok: z.boolean(),
  reason: z.string().max(200).optional(),
  ts: z.number().int(),
});
export type GatewayAck = z.infer<typeof gatewayAck>;
