// Device state codes (SPEC §4, from protocol/codes.ts) and the keys of their names.
import { CLUSTER_STATES, ESS_STATES, GENERATOR_STATES, GRID_STATES, PCS_STATES, PILE_STATES, PV_STATES } from '../../../protocol/codes';
import type { TKey } from '../../i18n/i18n';

export { GENERATOR_STATES };

const STATE_KEYS = {
  generator: [
    'station:state.generator.standby',
    'station:state.generator.preheating',
    'station:state.generator.fuelBurn',
    'station:state.generator.startup',
    'station:state.generator.startupInterval',
    'station:state.generator.safeOperation',
    'station:state.generator.bootupIdle',
    'station:state.generator.warming',
    'station:state.generator.loading',
    'station:state.generator.normalOperation',
    'station:state.generator.cooling',
    'station:state.generator.stallIdle',
    'station:state.generator.deEnergisedStop',
    'station:state.generator.awaitingFullStop',
    'station:state.generator.shutdownFailure',
  ],
  cluster: [
    'station:state.cluster.normal',
    'station:state.cluster.fullyCharged',
    'station:state.cluster.fullyDischarged',
    'station:state.cluster.alarm',
    'station:state.cluster.fault',
    'station:state.cluster.forceChargeRequest',
    'station:state.cluster.underVoltageProtection',
  ],
  ess: ['station:state.ess.init', 'station:state.ess.standby', 'station:state.ess.shutdown'],
  grid: ['station:state.grid.onGrid', 'station:state.grid.offGrid', 'station:state.grid.switching'],
  pile: ['station:state.pile.standby', 'station:state.pile.charging'],
  pcs: ['station:state.pcs.off', 'station:state.pcs.on'],
  pv: ['station:state.pv.standby', 'station:state.pv.running', 'station:state.pv.curtailed'],
} as const satisfies Record<string, readonly TKey[]>;

// the label keys line up with the code lists (index = code); tsc checks each pair
type KeysOf<L extends readonly string[], G extends string> = { readonly [I in keyof L]: `station:state.${G}.${L[I]}` };
STATE_KEYS.generator satisfies KeysOf<typeof GENERATOR_STATES, 'generator'>;
STATE_KEYS.cluster satisfies KeysOf<typeof CLUSTER_STATES, 'cluster'>;
STATE_KEYS.ess satisfies KeysOf<typeof ESS_STATES, 'ess'>;
STATE_KEYS.grid satisfies KeysOf<typeof GRID_STATES, 'grid'>;
STATE_KEYS.pile satisfies KeysOf<typeof PILE_STATES, 'pile'>;
STATE_KEYS.pcs satisfies KeysOf<typeof PCS_STATES, 'pcs'>;
STATE_KEYS.pv satisfies KeysOf<typeof PV_STATES, 'pv'>;

const pick = (keys: readonly TKey[], code: number | null | undefined): TKey | null =>
  code === null || code === undefined || !Number.isInteger(code) ? null : (keys[code] ?? null);

export const generatorStateKey = (c: number | null | undefined): TKey | null => pick(STATE_KEYS.generator, c);
export const essStateKey = (c: number | null | undefined): TKey | null => pick(STATE_KEYS.ess, c);
export const gridStateKey = (c: number | null | undefined): TKey | null => pick(STATE_KEYS.grid, c);
export const pcsStateKey = (c: number | null | undefined): TKey | null => pick(STATE_KEYS.pcs, c);

/** The state list each device type reports in (a PCS reports the ESS states). */
const STATES_OF_TYPE = new Map<string, readonly TKey[]>([
  ['generator', STATE_KEYS.generator],
  ['battery_cluster', STATE_KEYS.cluster],
  ['pcs', STATE_KEYS.ess],
  ['charging_pile', STATE_KEYS.pile],
  ['meter', STATE_KEYS.grid],
  ['pv_inverter', STATE_KEYS.pv],
]);

/** The state name key of a device of `type` with state code `c`. */
export const stateKeyOf = (type: string, c: number | null | undefined): TKey | null => {
  const keys = STATES_OF_TYPE.get(type);
  return keys ? pick(keys, c) : null;
};
