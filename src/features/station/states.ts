// Device state codes (SPEC §4) as locale keys. The code lists mirror protocol/fleet.ts; the
// `satisfies` clauses make tsc fail if the two ever differ, without importing fleet.ts at runtime
// (it pulls zod into the chunk).
import type { TKey } from '../../i18n/keys';

type Fleet = typeof import('../../../protocol/fleet');

export const GENERATOR_STATES = [
  'standby', 'preheating', 'fuelBurn', 'startup', 'startupInterval', 'safeOperation', 'bootupIdle', 'warming',
  'loading', 'normalOperation', 'cooling', 'stallIdle', 'deEnergisedStop', 'awaitingFullStop', 'shutdownFailure',
] as const satisfies Fleet['GENERATOR_STATES'];
export const CLUSTER_STATES = ['normal', 'fullyCharged', 'fullyDischarged', 'alarm', 'fault', 'forceChargeRequest', 'underVoltageProtection'] as const satisfies Fleet['CLUSTER_STATES'];
export const ESS_STATES = ['init', 'standby', 'shutdown'] as const satisfies Fleet['ESS_STATES'];
export const GRID_STATES = ['onGrid', 'offGrid', 'switching'] as const satisfies Fleet['GRID_STATES'];
export const PILE_STATES = ['standby', 'charging'] as const satisfies Fleet['PILE_STATES'];
export const PCS_STATES = ['off', 'on'] as const satisfies Fleet['PCS_STATES'];
export const PV_STATES = ['standby', 'running', 'curtailed'] as const;

const pick = <S extends string>(list: readonly S[], code: number | null | undefined): S | null =>
  code === null || code === undefined || !Number.isInteger(code) ? null : (list[code] ?? null);

export const generatorStateKey = (c: number | null | undefined): TKey | null => {
  const s = pick(GENERATOR_STATES, c);
  return s ? (`station.state.generator.${s}` as TKey) : null;
};
export const clusterStateKey = (c: number | null | undefined): TKey | null => {
  const s = pick(CLUSTER_STATES, c);
  return s ? (`station.state.cluster.${s}` as TKey) : null;
};
export const essStateKey = (c: number | null | undefined): TKey | null => {
  const s = pick(ESS_STATES, c);
  return s ? (`station.state.ess.${s}` as TKey) : null;
};
export const gridStateKey = (c: number | null | undefined): TKey | null => {
  const s = pick(GRID_STATES, c);
  return s ? (`station.state.grid.${s}` as TKey) : null;
};
export const pileStateKey = (c: number | null | undefined): TKey | null => {
  const s = pick(PILE_STATES, c);
  return s ? (`station.state.pile.${s}` as TKey) : null;
};
export const pcsStateKey = (c: number | null | undefined): TKey | null => {
  const s = pick(PCS_STATES, c);
  return s ? (`station.state.pcs.${s}` as TKey) : null;
};
export const pvStateKey = (c: number | null | undefined): TKey | null => {
  const s = pick(PV_STATES, c);
  return s ? (`station.state.pv.${s}` as TKey) : null;
};

/** The state name key of a device of `type` with state code `c`. */
export const stateKeyOf = (type: string, c: number | null | undefined): TKey | null => {
  switch (type) {
    case 'generator':
      return generatorStateKey(c);
    case 'battery_cluster':
      return clusterStateKey(c);
    case 'pcs':
      return essStateKey(c);
    case 'charging_pile':
      return pileStateKey(c);
    case 'meter':
      return gridStateKey(c);
    case 'pv_inverter':
      return pvStateKey(c);
    default:
      return null;
  }
};
