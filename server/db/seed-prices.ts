import type { SizeClass } from './seed-data';
import { perUsd, TARIFF_ZONES, type TariffZone } from './seed-tariff-zones';
import type { SeedPlan, TariffSeason } from './seed-rows';
import { DAY, iso, monthStart, r2, r4, ymd } from './seed-format';
import type { StationCtx, StationSizing } from './seed-station-ctx';

// What one seeded station pays: its tariffs (one in force, maybe one pending and one historical)
// and, with a generator, its fuel prices (expired, active and pending windows around today).

/** higher voltage connections pay less per kWh */
const VOLTAGE_PRICE: Record<SizeClass, number> = { 1: 1.04, 2: 1, 3: 0.96 };

/** A zone's schedule at a price level, in `currency` (the zone's prices are USD). */
export const tariffSeasons = (zone: TariffZone, factor: number, currency: string): TariffSeason[] =>
  zone.seasons.map((s) => ({
    months: [...s.months],
    slots: s.slots.map(([start, end, period]) => ({
      start,
      end,
      period,
      fromGridPrice: r4((zone.prices[period] ?? 0) * s.factor * factor * perUsd(currency)),
      feedInPrice: r4(zone.feedIn * (1 + (factor - 1) / 2) * perUsd(currency)),
    })),
  }));

const providerCurrency = (plan: SeedPlan, c: StationCtx): string => plan.orgs.find((o) => o.id === c.providerId)?.currency ?? 'USD';

/** Adds the station's tariffs; answers the seasons of the one in force. */
export function addTariffs(plan: SeedPlan, c: StationCtx, z: StationSizing): TariffSeason[] {
  const { site, rng, stationId: sid } = c;
  const zone = TARIFF_ZONES[site.zone];
  // Tariffs are set per region and voltage class, not per site: a few discrete levels.
  const factor = VOLTAGE_PRICE[site.size] * rng.pick([0.98, 1, 1.02]);
  const tariffName = (t: number) => {
    const d = new Date(t);
    return z.zh ? `${zone.zh}（${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月起）` : `${zone.en} (from ${ymd(t).slice(0, 7)})`;
  };
  const currency = providerCurrency(plan, c);
  const tariff = (t: number, f: number) => {
    const seasons = tariffSeasons(zone, f, currency);
    plan.tariffs.push({ id: plan.tariffs.length + 1, station_id: sid, name: tariffName(t), currency, effective_date: ymd(t), seasons, created_by: c.creator });
    return seasons;
  };
  const inForceFrom = monthStart(c.now, -rng.int(1, 10));
  if (c.history) tariff(Date.UTC(new Date(inForceFrom).getUTCFullYear() - 1, new Date(inForceFrom).getUTCMonth(), 1), factor * 0.96);
  const seasons = tariff(inForceFrom, factor);
  if (c.pending) tariff(c.pendingFrom, factor * 1.03);
  return seasons;
}

export function addFuelPrices(plan: SeedPlan, c: StationCtx): void {
  const { rng, stationId: sid } = c;
  // 1.05-1.50 USD/L, in the provider's currency
  const price = rng.range(1.05, 1.5) * perUsd(providerCurrency(plan, c));
  const kwhL = r2(rng.range(3.0, 3.6));
  const windows: [number, number, number][] = [
    [-395, -30, 0.93],
    [-30, 60, 1],
    [60, 425, 1.04],
  ];
  for (const [a, b, f] of windows) {
    plan.oilPrices.push({
      id: plan.oilPrices.length + 1,
      station_id: sid,
      start_time: iso(c.today + a * DAY),
      end_time: iso(c.today + b * DAY),
      price_per_litre: r4(price * f),
      kwh_per_litre: kwhL,
    });
  }
}
