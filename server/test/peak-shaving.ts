// Peak-shaving parameters for the tests and benchmarks that save or predict a strategy: one set
// that passes validation, and a day's periods written as spans, so each caller states only what
// its case is about.

type Mode = 'charge' | 'discharge' | 'idle';

/** Periods from 'HH:MM-HH:MM mode' spans: idle spans at 0 kW, charge and discharge at `kw`. */
export const spans = (kw: number, ...day: string[]) =>
  day.map((span) => {
    const [, start, end, mode] = /^(\d\d:\d\d)-(\d\d:\d\d) (charge|discharge|idle)$/.exec(span) ?? [];
    if (!mode) throw new Error(`not a period span: ${span}`);
    return { start: start!, end: end!, mode: mode as Mode, powerKw: mode === 'idle' ? 0 : kw };
  });

/** Valid peak-shaving parameters charging and discharging at `kw`; `over` replaces any field. */
export const peakShavingParams = (kw: number, over: Record<string, unknown> = {}) => ({
  socUpper: 90,
  socLower: 10,
  cellVoltageUpper: 3.6,
  cellVoltageLower: 2.8,
  demandLimitKw: 500,
  antiBackflowKw: 10,
  antiOverloadKw: 800,
  offGridSocUpper: 95,
  offGridSocLower: 15,
  emergencySoc: 20,
  supplyPriority: 'pv',
  periods: spans(kw, '00:00-08:00 charge', '08:00-10:00 idle', '10:00-12:00 discharge', '18:00-24:00 discharge'),
  ...over,
});
