import type { z } from 'zod';
import type { dayBill } from '../../protocol/actions/tariffs';
import type { Handlers } from '../api/context';
import { exactlyOne, invalid } from '../api/errors';
import { loadMetered, loadPricing, priceDay, toCents, type DayBill, type Pricing } from '../money';
import { scopeWithStation } from '../stations/scope';
import { formatWall } from '../../protocol/site-time';
import { loadTariff, normalise } from '../tariffs/store';

// The tariff preview's money (docs/tariffs.md): one local day of the station's metered energy
// priced under the tariff being looked at and under the one in force that day, by the same
// function as the station income.

type DayBillWire = z.input<typeof dayBill>;
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

const toWire = (b: DayBill, zone: string): DayBillWire => ({
  tariffId: b.tariffId,
  tariffName: b.tariffName,
  importKwh: r3(b.importKwh),
  exportKwh: r3(b.exportKwh),
  gridCost: r4(b.gridCost),
  feedInRevenue: r4(b.feedInRevenue),
  periods: b.periods.map((p) => ({
    period: p.period,
    importKwh: r3(p.importKwh),
    exportKwh: r3(p.exportKwh),
    importCost: r4(p.importCost),
    feedInRevenue: r4(p.feedInRevenue),
    amount: r4(p.amount),
  })),
  dynamicAmount: r4(b.dynamic.importCost - b.dynamic.feedInRevenue),
  missing: { intervals: b.missing.length, first: b.missing.slice(0, 4).map((t) => formatWall(zone, t).slice(11, 16)) },
  total: b.total,
});

/** The station's pricing with only `tariff` in force, whatever the day. */
const underOnly = (pricing: Pricing, tariff: Pricing['tariffs'][number]): Pricing => ({ ...pricing, tariffs: [{ ...tariff, effectiveDate: '0001-01-01' }] });

export const tariffPreviewHandlers: Handlers = {
  previewTariffBill: async (q, ctx) => {
    const scope = scopeWithStation(ctx, q.stationId);
    exactlyOne(q.tariffId, q.seasons, { neither: 'tariffId', both: 'seasons' });
    const db = ctx.services.db;
    const timezone = ctx.services.registry.stations.get(q.stationId)?.timezone ?? 'UTC';
    let candidate: Pricing['tariffs'][number];
    if (q.tariffId !== undefined) {
      const row = await loadTariff(db, scope, q.tariffId);
      if (row.stationId !== q.stationId) invalid([{ path: 'tariffId', issue: 'stationMismatch' }]);
      candidate = { id: row.tariffId, name: row.name, effectiveDate: row.effectiveDate, seasons: row.seasons, charges: row.charges };
    } else {
      candidate = { id: 0, name: q.name ?? '', effectiveDate: q.date, seasons: normalise(q.seasons!) };
    }
    const station = { id: q.stationId, timezone };
    const [pricing, metered] = await Promise.all([loadPricing({ db }, q.stationId, timezone), loadMetered({ db }, station, q.date, q.date)]);
    const inForce = priceDay(metered, pricing, q.date);
    const under = priceDay(metered, underOnly(pricing, candidate), q.date);
    const candidateBill = { ...under, tariffId: q.tariffId ?? null, tariffName: candidate.name || null };
    return {
      stationId: q.stationId,
      date: q.date,
      timezone,
      hours: inForce.hours,
      intervals: inForce.intervals,
      currency: ctx.services.registry.currencyOfStation(q.stationId),
      candidate: toWire(candidateBill, timezone),
      inForce: inForce.tariffId === null ? null : toWire(inForce, timezone),
      difference: toCents(candidateBill.total - (inForce.tariffId === null ? 0 : inForce.total)),
    };
  },
};
