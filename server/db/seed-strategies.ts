import type { GatewayReason } from '../../protocol/codes';
import type { Period } from './seed-data';
import type { SeedPlan, StrategyRow, TariffSeason } from './seed-rows';
import { DAY, iso, monthStart, r10, ymd } from './seed-format';
import { at } from './seed-rng';
import type { StationCtx, StationSizing } from './seed-station-ctx';
import { minutesOf } from '../../protocol/actions/tariffs';

// The strategies of one seeded station, issued (mostly) with their distribution record: peak
// shaving sized to the tariff in force for storage, island operation for generators, and the
// station's modes as the issued strategies leave them.

/** Which slot modes a peak-shaving schedule uses for each tariff period. */
const MODE_OF: Record<Period, 'charge' | 'discharge' | 'idle'> = { valley: 'charge', flat: 'idle', peak: 'discharge', sharp: 'discharge' };

export function addStrategies(plan: SeedPlan, c: StationCtx, z: StationSizing, seasons: TariffSeason[]): void {
  const { site, rng, stationId: sid } = c;
  const { has, zh, gridTied, essKw, essKwh, dgKw, chargingKw, loadPeakKw, transformerKva } = z;
  const stratStart = monthStart(c.now, -rng.int(0, 5));
  const stratEnd = Date.UTC(new Date(stratStart).getUTCFullYear() + 1, new Date(stratStart).getUTCMonth(), 1) - DAY;
  const year = new Date(stratStart).getUTCFullYear();
  const issueStatus = (): 0 | 1 | 2 => {
    const r = rng.next();
    return r < 0.8 ? 1 : r < 0.9 ? 0 : 2;
  };
  const strategy = (kind: 'peakShaving' | 'island', sName: string, params: Record<string, unknown>) => {
    const s: StrategyRow = {
      id: plan.strategies.length + 1,
      station_id: sid,
      kind,
      name: sName,
      start_date: ymd(stratStart),
      end_date: ymd(stratEnd),
      params,
      issue_status: issueStatus(),
      created_by: c.creator,
    };
    plan.strategies.push(s);
    if (s.issue_status !== 0) {
      const issued = c.now.getTime() - rng.int(1, 60) * DAY - rng.int(0, 36_000) * 1000;
      plan.distributions.push({
        id: plan.distributions.length + 1,
        strategy_id: s.id,
        station_id: sid,
        snapshot: { kind, name: s.name, startDate: s.start_date, endDate: s.end_date, params },
        status: s.issue_status,
        reason: s.issue_status === 2 ? ('ackTimeout' satisfies GatewayReason) : null,
        operator_id: c.creator,
        issued_at: iso(issued),
        acked_at: s.issue_status === 1 ? iso(issued + rng.int(800, 4000)) : null,
      });
    }
    return s;
  };

  let peakShavingIssued = false;
  if (has('ess')) {
    const month = c.now.getUTCMonth() + 1;
    const season = seasons.find((s) => s.months.includes(month)) ?? at(seasons, 0);
    const hours = (mode: 'charge' | 'discharge') =>
      season.slots.filter((s) => MODE_OF[s.period] === mode).reduce((h, s) => h + (minutesOf(s.end) - minutesOf(s.start)) / 60, 0);
    const usable = essKwh * 0.8;
    const powerOf = {
      charge: Math.min(essKw, Math.max(10, r10(usable / 0.95 / Math.max(1, hours('charge'))))),
      discharge: Math.min(essKw, Math.max(10, r10(usable / Math.max(1, hours('discharge'))))),
      idle: 0,
    };
    const periods: { start: string; end: string; mode: 'charge' | 'discharge' | 'idle'; powerKw: number }[] = [];
    for (const slot of season.slots) {
      const mode = MODE_OF[slot.period];
      const last = periods[periods.length - 1];
      if (last && last.mode === mode) last.end = slot.end;
      else periods.push({ start: slot.start, end: slot.end, mode, powerKw: powerOf[mode] });
    }
    const s = strategy('peakShaving', zh ? `削峰填谷策略 ${year}` : `Peak shaving ${year}`, {
      socUpper: 90,
      socLower: 10,
      cellVoltageUpper: 3.6,
      cellVoltageLower: 2.8,
      demandLimitKw: has('load') ? r10((loadPeakKw + chargingKw * 0.5) * 0.85) : r10(transformerKva * 0.9),
      antiBackflowKw: has('load') && gridTied ? 10 : 0,
      antiOverloadKw: gridTied ? r10(transformerKva * 0.95) : r10((dgKw + essKw) * 0.95),
      offGridSocUpper: 95,
      offGridSocLower: 15,
      emergencySoc: 20,
      supplyPriority: has('pv') && rng.chance(0.7) ? 'pv' : 'storage',
      periods,
    });
    peakShavingIssued = gridTied && s.issue_status === 1;
  }
  if (has('dg') && site.system !== 1) {
    strategy('island', zh ? `离网运行策略 ${year}` : `Island operation ${year}`, {
      socUpper: 95,
      socLower: 20,
      optimalGeneratorPowerKw: r10(dgKw * 0.75),
      essChargingPowerLimitKw: has('ess') ? Math.min(essKw, r10(dgKw * 0.5)) : 0,
      inverterPowerStepPct: 10,
      inverterShutdownThresholdPct: 5,
      dgBackflowLimitKw: Math.max(10, r10(dgKw * 0.05)),
      onGridChargingPowerKw: site.system === 3 && has('ess') ? r10(essKw * 0.5) : 0,
      onGridChargingCutoffSoc: 90,
    });
  }
  plan.stationModes.push({ station_id: sid, peak_shaving_enabled: peakShavingIssued, island_enabled: site.system === 2 });
}
