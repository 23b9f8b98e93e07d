import type { IslandParams, PeakShavingParams } from './station-types';
import { minutesOf } from '../../protocol/actions/tariffs';

// The ESS set points of the strategies (docs/fleet.md), as pure functions of what the station
// needs now; the station model integrates the result.

const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));

/** Island parameters without an island strategy in force. */
export const defaultIsland = (dgKw: number, essKw: number): IslandParams => ({
  socUpper: 95,
  socLower: 20,
  optimalGeneratorPowerKw: dgKw * 0.75,
  essChargingPowerLimitKw: essKw * 0.5,
});

/**
 * Peak shaving on-grid: the period at local `minutes` charges at its power (import kept under the
 * demand and anti-overload limits), discharges at its power (never below an import of the
 * anti-backflow margin), idle periods absorb PV surplus with PV priority; import above the demand
 * limit is shaved at any time. `net` = load + piles + auxiliaries − PV, kW; answers + discharge.
 */
export const peakShavingPower = (ps: PeakShavingParams, minutes: number, net: number, essKw: number, chargeable: number, dischargeable: number): number => {
  let pEss = 0;
  const slot = ps.periods.find((pd) => minutes >= minutesOf(pd.start) && minutes < minutesOf(pd.end));
  const limitImport = Math.min(ps.demandLimitKw || Infinity, ps.antiOverloadKw || Infinity);
  if (slot?.mode === 'charge') {
    pEss = -Math.min(slot.powerKw, essKw);
    if (net - pEss > limitImport) pEss = -Math.max(0, limitImport - net);
  } else if (slot?.mode === 'discharge') {
    pEss = Math.min(slot.powerKw, essKw, Math.max(0, net - ps.antiBackflowKw));
  } else if (ps.supplyPriority === 'pv' && net < 0) {
    pEss = Math.max(net, -essKw);
  }
  if (ps.demandLimitKw > 0 && net - pEss > ps.demandLimitKw) pEss = Math.max(pEss, Math.min(essKw, net - ps.demandLimitKw));
  return clamp(pEss, -chargeable, dischargeable);
};
