import { pointIndex, type FleetDeviceType, type TelemetryFrame } from '../../protocol/fleet';
import { DurableAlarms } from '../alarms/durable';
import { dedupKeyOf } from '../alarms/store';
import type { PushBroker } from '../broker/types';
import type { StationCache } from '../cache';
import type { Queryable } from '../db/db';
import type { Registry } from '../registry';
import type { TelemetryStore } from '../telemetry/store';

// Alarm rules on the telemetry (docs/fleet.md): each rule is a condition on one device's latest
// frame (thresholds, state codes) or on a station's gateway (offline). Edges only: the database is
// touched when a condition starts (raiseAlarm; a push when the alarm is new) or clears
// (recoverAlarm; a 'resolved' push), through the durable queue of alarms/durable.ts, which
// retries through a database outage. The repository's dedup key makes a flapping condition one
// open alarm. What this process raised is remembered in memory; alarms open from before a restart
// stay open until an operator resolves them or the condition recurs and clears.

interface Condition {
  code: string;
  active: boolean;
  content: string;
  params: Record<string, unknown>;
}
type Check = (v: (number | null)[], s: number | null, prev: number | null) => Condition[];

const at = (type: FleetDeviceType, name: string) => pointIndex(type, name);
const n = (x: number | null | undefined) => (typeof x === 'number' && Number.isFinite(x) ? x : NaN);
const f1 = (x: number) => x.toFixed(1);
// params carry the figures the console fills into its translated texts (locales alarms.texts)
const r1 = (x: number) => Math.round(x * 10) / 10;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

export const CHECKS: Partial<Record<FleetDeviceType, Check>> = {
  battery_cluster: (v, s) => {
    const tmax = n(v[at('battery_cluster', 'cellTmax')]);
    const vmax = n(v[at('battery_cluster', 'cellVmax')]);
    const vmin = n(v[at('battery_cluster', 'cellVmin')]);
    return [
      { code: 'cellOverTemp', active: tmax > 45, content: `Cell temperature ${f1(tmax)} °C above 45 °C`, params: { cellTempC: r1(tmax), thresholdC: 45 } },
      {
        code: 'cellOverVoltage',
        active: vmax > 3.62,
        content: `Cell voltage ${vmax.toFixed(3)} V above 3.620 V`,
        params: { cellVoltageV: r3(vmax), thresholdV: 3.62 },
      },
      {
        code: 'cellVoltageSpread',
        active: vmax - vmin > 0.08,
        content: `Cell voltage spread ${((vmax - vmin) * 1000).toFixed(0)} mV above 80 mV`,
        params: { spreadMv: Math.round((vmax - vmin) * 1000), maxV: r3(vmax), minV: r3(vmin), thresholdMv: 80 },
      },
      {
        code: 'cellUnderVoltageTrip',
        active: s === 6,
        content: `Under-voltage protection: lowest cell ${vmin.toFixed(3)} V`,
        params: { cellVoltageV: r3(vmin) },
      },
      { code: 'forceChargeRequest', active: s === 5, content: 'BMS requests a force charge', params: { socPct: Math.round(n(v[0])) } },
    ];
  },
  generator: (v, s, prev) => {
    const fuel = n(v[at('generator', 'fuelLevelPct')]);
    const coolant = n(v[at('generator', 'coolantC')]);
    return [
      { code: 'dgFuelLow', active: fuel < 25, content: `Fuel level ${f1(fuel)} % below 25 %`, params: { fuelPct: r1(fuel), thresholdPct: 25 } },
      { code: 'dgCoolantHighTrip', active: coolant > 98, content: `Coolant ${f1(coolant)} °C above 98 °C`, params: { coolantC: r1(coolant), thresholdC: 98 } },
      // a start abandoned after three cranks ends in a de-energised stop straight from the startup interval
      { code: 'dgStartFailure', active: s === 12 && prev === 4, content: 'Generator did not start after three attempts', params: { attempts: 3, state: s } },
      { code: 'dgStarted', active: s !== null && s >= 8 && s <= 10, content: 'Generator started and took load', params: { state: s } },
    ];
  },
  meter: (v) => {
    const g = n(v[at('meter', 'gridState')]);
    return [{ code: 'gridOutage', active: g === 1, content: 'Grid lost: the site runs off-grid', params: { gridState: g } }];
  },
  pcs: (v) => {
    const t = n(v[at('pcs', 'tempC')]);
    return [{ code: 'pcsIgbtOverTemp', active: t > 60, content: `IGBT temperature ${f1(t)} °C above 60 °C`, params: { igbtTempC: r1(t), thresholdC: 60 } }];
  },
};

/** What the rules touch: the alarm records, the push, and the station answers an alarm changes. */
export interface AlarmRuleDeps {
  db: Queryable;
  broker: PushBroker;
  registry: Registry;
  stationCache: StationCache<unknown>;
  log: { warn(o: object, m: string): void };
}

export class AlarmRules {
  /** dedup keys this process has open → their station */
  private readonly open = new Map<string, number>();
  private readonly prevState = new Map<number, number | null>();
  /** latched conditions: a one-shot condition (start failure) stays active until the next start */
  private readonly latched = new Set<string>();
  /** raises and recoveries, stored (retried through outages) and then pushed in order */
  readonly alarms: DurableAlarms;

  constructor(s: AlarmRuleDeps) {
    this.alarms = new DurableAlarms(s);
  }

  /** Evaluates a frame's devices; DB work is queued in order and never blocks ingest. */
  onFrame(frame: TelemetryFrame, store: TelemetryStore): void {
    const time = new Date(frame.ts);
    for (const d of frame.devices) {
      const meta = store.devices.get(d.id);
      if (!meta || meta.stationId !== frame.stationId) continue;
      const check = CHECKS[meta.type];
      const prev = this.prevState.get(d.id) ?? null;
      this.prevState.set(d.id, d.s);
      if (!check) continue;
      for (const c of check(d.v, d.s, prev)) {
        const key = dedupKeyOf(frame.stationId, d.id, c.code);
        let active = c.active;
        if (c.code === 'dgStartFailure') {
          if (active) this.latched.add(key);
          else if (d.s !== null && d.s >= 1 && d.s <= 3) this.latched.delete(key); // a new start attempt
          active = this.latched.has(key);
        }
        this.edge(frame.stationId, d.id, key, c, active, time);
      }
    }
  }

  /** Gateway offline: no frame for the offline delay, or the gateway's status says so. */
  sweep(store: TelemetryStore, now: number, owns: (stationId: number) => boolean = () => true): void {
    for (const [stationId] of store.stations) {
      if (!owns(stationId)) continue;
      const online = store.stationOnline(stationId);
      if (online === undefined) continue;
      const gw = (store.stationDevices.get(stationId) ?? []).find((id) => store.devices.get(id)?.type === 'gateway') ?? null;
      const key = dedupKeyOf(stationId, gw, 'gatewayOffline');
      const last = store.stations.get(stationId)!.lastTs;
      this.edge(
        stationId,
        gw,
        key,
        {
          code: 'gatewayOffline',
          active: !online,
          content: `No data from the gateway since ${new Date(last).toISOString()}`,
          params: { lastSeen: new Date(last).toISOString(), silentSec: Math.round((now - last) / 1000) },
        },
        !online,
        new Date(now),
      );
    }
  }

  private edge(stationId: number, deviceId: number | null, key: string, c: Condition, active: boolean, time: Date): void {
    if (active === this.open.has(key)) return;
    if (active) this.open.set(key, stationId);
    else this.open.delete(key);
    this.alarms.add({ active, stationId, deviceId, dedupKey: key, code: c.code, content: c.content, params: c.params, time });
  }

  /** Alarms another replica raised and left open, now this process's to count and recover. */
  adopt(open: readonly { dedupKey: string; stationId: number }[]): void {
    for (const a of open) this.open.set(a.dedupKey, a.stationId);
  }

  /** Forgets what this process had open for these stations (handed to another replica). */
  forget(stationIds: readonly number[]): void {
    const gone = new Set(stationIds);
    for (const [key, sid] of this.open) if (gone.has(sid)) this.open.delete(key);
  }

  /** Resolves when every queued raise/recover is written and pushed (tests). */
  settled(): Promise<void> {
    return this.alarms.settled();
  }

  /** Stops retrying writes (shutdown). */
  close(): Promise<void> {
    return this.alarms.close();
  }
}
