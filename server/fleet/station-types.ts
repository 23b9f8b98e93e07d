import type { FleetDeviceType } from '../../protocol/fleet';
import type { GenState } from './generator';
import type { SiteType } from './load';
import type { Tariff } from './tariff';
import type { SoilingEpisode } from './pv-losses';
import type { Weather } from './solar';

// The station model's configuration (from the registry, server/fleet/config.ts) and what one
// step answers (server/fleet/station.ts).

export interface DeviceConfig {
  id: number;
  type: FleetDeviceType;
  ratedKw: number;
  capKwh: number;
  params: Record<string, unknown>;
}
export interface PeakShavingParams {
  socUpper: number;
  socLower: number;
  demandLimitKw: number;
  antiBackflowKw: number;
  antiOverloadKw: number;
  emergencySoc: number;
  supplyPriority: 'pv' | 'storage';
  cellVoltageUpper?: number;
  cellVoltageLower?: number;
  periods: { start: string; end: string; mode: 'charge' | 'discharge' | 'idle'; powerKw: number }[];
}
export interface IslandParams {
  socUpper: number;
  socLower: number;
  optimalGeneratorPowerKw: number;
  essChargingPowerLimitKw: number;
}
export interface ActiveStrategy<P> {
  startDate: string;
  endDate: string;
  params: P;
}
export interface StationConfig {
  id: number;
  seed: number;
  lat: number;
  lon: number;
  timezone: string;
  /** 1 on-grid, 2 off-grid, 3 on/off-grid switching */
  systemType: 1 | 2 | 3;
  siteType: SiteType;
  devices: DeviceConfig[];
  /** sorted by effective date */
  tariffs: Tariff[];
  peakShaving: ActiveStrategy<PeakShavingParams> | null;
  island: ActiveStrategy<IslandParams> | null;
  modes: { peakShaving: boolean; island: boolean };
  /** a soiling episode of the array (one station of the fleet, see runtime.ts) */
  pvEpisode?: SoilingEpisode | null;
}

/** kWh over one step, by flow (one list for the server: telemetry/energy-flows.ts). */
import type { EnergyDelta } from '../telemetry/energy-flows';
export { ENERGY_KEYS, zeroEnergy, type EnergyDelta } from '../telemetry/energy-flows';

export interface StationFlows {
  pvKw: number;
  loadKw: number;
  essKw: number;
  gridKw: number;
  generatorKw: number;
  chargingKw: number;
  soc: number | null;
}
export interface DeviceSample {
  id: number;
  type: FleetDeviceType;
  on: boolean;
  s: number | null;
  v: number[];
}
export interface StepResult {
  t: number;
  flows: StationFlows;
  energy: EnergyDelta;
  gridState: 0 | 1 | 2;
  gatewayOnline: boolean;
  devices: DeviceSample[];
  /** generator transitions taken in this step, per generator device id */
  genTransitions: { id: number; from: GenState; to: GenState }[];
  /** the site's weather at t (what the weather station reports) */
  weather: Weather;
  /** seconds of the step in which a PV inverter reported itself curtailed (state 2): the step's length or 0 */
  pvLimitedS: number;
}
