// The one energy formatter (SPEC §9 energy unit scale), shared by every screen: below 1,000 kWh
// in kWh, from 1,000 to below 1e6 kWh in MWh with 2 decimals, from 1e6 kWh in GWh. Pure and
// React-free so features, widgets and benches all import it from here.
//
// Decimals are cut, not rounded, at the unit's precision: 999,999 kWh is 999.99 MWh, never the
// contradictory "1000.00 MWh" that rounding would print just below the GWh boundary. A value
// that is not zero never reads 0: below a hundredth of a kWh it is "< 0.01" ("> -0.01").

export type EnergyUnit = 'kWh' | 'MWh' | 'GWh';
export interface EnergyParts {
  value: string;
  unit: EnergyUnit;
}

const cut = (x: number, decimals: number): string => {
  const f = 10 ** decimals;
  // the small epsilon keeps 0.29 * 100 = 28.999… from losing a hundredth
  const v = Math.trunc(x * f + (x >= 0 ? 1e-9 : -1e-9)) / f;
  return v.toFixed(decimals);
};

/** Value and unit apart (cards print the unit smaller). Null/NaN → a dash. */
export function energyParts(kwh: number | null | undefined): EnergyParts {
  if (kwh === null || kwh === undefined || !Number.isFinite(kwh)) return { value: '-', unit: 'kWh' };
  const a = Math.abs(kwh);
  if (a < 0.01 && kwh !== 0) return { value: kwh > 0 ? '< 0.01' : '> -0.01', unit: 'kWh' };
  if (a < 1000) return { value: String(Number(cut(kwh, 2))), unit: 'kWh' };
  if (a < 1e6) return { value: cut(kwh / 1000, 2), unit: 'MWh' };
  return { value: cut(kwh / 1e6, 2), unit: 'GWh' };
}

/** "999.99 kWh", "1.00 MWh", "999.99 MWh", "1.00 GWh". */
export function formatEnergy(kwh: number | null | undefined): string {
  const p = energyParts(kwh);
  return p.value === '-' ? '-' : `${p.value} ${p.unit}`;
}

/** Power, same scale one step down (kW / MW / GW) for capacities and installed power. */
export function formatPower(kw: number | null | undefined): string {
  const p = energyParts(kw);
  return p.value === '-' ? '-' : `${p.value} ${p.unit.replace('Wh', 'W')}`;
}
