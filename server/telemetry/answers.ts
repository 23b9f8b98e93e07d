// What the telemetry actions answer with (docs/fleet.md): energy totals rounded for the wire, a
// station's live flows from memory, its period totals (today, this month, last month, all time)
// from the daily figures, the checked time range of a history read and the scope's stations.
import type { z } from 'zod';
import type { energyRow } from '../../protocol/actions/telemetry';
import { addMonthKey, wallClock } from '../../protocol/site-time';
import type { FleetDeviceType } from '../../protocol/fleet';
import { authed, type Ctx } from '../api/context';
import { invalid } from '../api/errors';
import type { FleetRuntime } from '../fleet/runtime';
import { providersFor, tzOf } from '../stations/scope';
import { sumTotals } from './daily';
import { roundTotals, type EnergyTotals } from './energy';
import { fleetOf } from './fleet-of';
import { configuredRetention } from './partitions';

type EnergyWire = z.input<typeof energyRow>;
export const DAY = 86_400_000;

export const retentionOf = (ctx: Ctx) => configuredRetention(ctx.services.config);
export const r2 = (x: number) => Math.round(x * 100) / 100;
export const r3 = (x: number) => Math.round(x * 1000) / 1000;
export const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** The wire's totals: rounded as everywhere, without the losses and savings it does not carry. */
export const toWire = (e: EnergyTotals): EnergyWire => {
  const { lossesKwh: _losses, savings: _savings, ...wire } = roundTotals(e);
  return wire;
};

export const rangeOf = (from: string, to: string, maxDays: number, fromPath = 'from'): [number, number] => {
  const a = Date.parse(from);
  const b = Date.parse(to);
  if (!(b > a)) invalid([{ path: 'to', issue: 'timeError' }]);
  if (b - a > maxDays * DAY) invalid([{ path: fromPath, issue: 'rangeTooLong', limit: maxDays }]);
  return [a, b];
};

export interface DeviceRow {
  id: number;
  stationId: number;
  type: FleetDeviceType;
  name: string;
}

type Periods = { today: EnergyTotals; month: EnergyTotals; lastMonth: EnergyTotals; total: EnergyTotals };

/** Daily totals of stations: today, this month (local), last month, all time. */
export const periodsOf = async (ctx: Ctx, stationIds: number[]): Promise<Map<number, Periods>> => {
  const now = ctx.now.getTime();
  const all = await fleetOf(ctx).daily.daysMany(
    ctx.services.db,
    stationIds.map((id) => ({ id, timezone: tzOf(ctx, id) })),
    now,
  );
  const out = new Map<number, Periods>();
  for (const id of stationIds) {
    const tz = tzOf(ctx, id);
    const days = all.get(id)!;
    const lt = wallClock(tz, now);
    const lastMonth = addMonthKey(lt.month, -1);
    const list = [...days.values()];
    out.set(id, {
      today: days.get(lt.date) ?? sumTotals(lt.date, []),
      month: sumTotals(
        lt.month,
        list.filter((d) => d.period.startsWith(lt.month)),
      ),
      lastMonth: sumTotals(
        lastMonth,
        list.filter((d) => d.period.startsWith(lastMonth)),
      ),
      total: sumTotals('total', list),
    });
  }
  return out;
};

export const liveFlows = (f: FleetRuntime, stationId: number) => {
  const st = f.store.stations.get(stationId);
  const v = st?.flows ?? [];
  const n = (i: number) => (typeof v[i] === 'number' && Number.isFinite(v[i]) ? (v[i] as number) : 0);
  return {
    pvKw: r2(n(0)),
    loadKw: r2(n(1)),
    essKw: r2(n(2)),
    gridKw: r2(n(3)),
    generatorKw: r2(n(4)),
    chargingKw: r2(n(5)),
    soc: typeof v[6] === 'number' && Number.isFinite(v[6]) ? r2(v[6]) : null,
  };
};

export const scopeStations = (ctx: Ctx, orgId?: number): number[] => {
  const { scope } = authed(ctx);
  return providersFor(scope, orgId).flatMap((p) => scope.stationIds(p));
};
