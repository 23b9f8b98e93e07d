import type { z } from 'zod';
import type { pvAnalysis, pvTotals } from '../../protocol/actions/analysis';
import { sumFigures, type Figures } from './figures';
import { performanceRatio, specificYield } from './formulas';
import type { Loaded } from './query';
import type { StationRating } from './sources';
import { fixed, frameOf, kwh, pct, stationParts } from './wire';

// PV answer: yield, specific yield, PR (IEC 61724, plane-of-array) and temperature-corrected PR.
// Over several stations PR = Σ E_AC / Σ (P_STC · H_POA): each station's energy against its own
// irradiation, never one station's sun for another's array.

type Totals = z.input<typeof pvTotals>;
type Part = { s: StationRating; f: Figures };

/** A PR this much below the station's own last 30 days is flagged (relative). */
export const PR_DROP = 0.05;

export const pvFigures = (parts: readonly Part[]) => {
  let pv = 0,
    kwp = 0,
    matched = 0,
    ref = 0,
    refCorr = 0,
    kwpWithSun = 0;
  for (const { s, f } of parts) {
    if (s.pvKwp <= 0) continue;
    pv += f.pv;
    kwp += s.pvKwp;
    if (f.poa > 0) {
      matched += f.pvMatched;
      ref += s.pvKwp * f.poa;
      refCorr += s.pvKwp * f.poaCorrected;
      kwpWithSun += s.pvKwp;
    }
  }
  // with P_STC folded into the reference energy, PR = E / (1 kWp · Σ P·H). Where irradiation is
  // known, the specific yield shown beside it covers the same intervals and the same arrays, so
  // PR = specific yield ÷ irradiation holds for the figures shown side by side (IEC 61724-1)
  return {
    pv,
    kwp,
    specificYield: kwpWithSun > 0 ? specificYield(matched, kwpWithSun) : specificYield(pv, kwp),
    irradiation: kwpWithSun > 0 ? ref / kwpWithSun : null,
    pr: performanceRatio(matched, 1, ref),
    prTemp: performanceRatio(matched, 1, refCorr),
  };
};

const totalsOf = (parts: readonly Part[]): Totals => {
  const x = pvFigures(parts);
  return {
    pvKwh: kwh(x.pv),
    capacityKwp: kwh(x.kwp),
    specificYield: fixed(x.specificYield),
    irradiationKwhM2: fixed(x.irradiation),
    prPct: pct(x.pr),
    prTempCorrectedPct: pct(x.prTemp),
  };
};

const rank = <T>(rows: T[], of: (r: T) => number | null): Map<T, number> => {
  const sorted = rows.filter((r) => of(r) !== null).sort((a, b) => of(b)! - of(a)!);
  return new Map(sorted.map((r, i) => [r, i + 1]));
};

export const buildPv = (l: Loaded, baseline: Map<number, Figures>): z.input<typeof pvAnalysis> => {
  const stations = l.stations.filter((s) => s.pvKwp > 0);
  const one = (of: (x: ReturnType<typeof pvFigures>) => number | null) => (parts: readonly Part[]) => of(pvFigures(parts));
  const frame = frameOf(l, stations, [
    { key: 'pvKwh', unit: 'kWh', of: one((x) => kwh(x.pv)) },
    { key: 'specificYield', unit: 'kWh/kWp', of: one((x) => fixed(x.specificYield)) },
    { key: 'irradiation', unit: 'kWh/m²', of: one((x) => fixed(x.irradiation)) },
    { key: 'pr', unit: '%', of: one((x) => pct(x.pr)) },
    { key: 'prTempCorrected', unit: '%', of: one((x) => pct(x.prTemp)) },
  ]);
  const rows = stationParts(l.slice, stations).map((p) => {
    const t = totalsOf([p]);
    const base = pvFigures([{ s: p.s, f: baseline.get(p.s.id) ?? sumFigures([]) }]).pr;
    return {
      ...t,
      stationId: p.s.id,
      stationName: p.s.name,
      serviceProviderId: p.s.providerId,
      currency: p.s.currency,
      pr30dPct: pct(base),
      prDropped: t.prPct !== null && base !== null && t.prPct / 100 < base * (1 - PR_DROP),
      rankPr: null as number | null,
      rankYield: null as number | null,
    };
  });
  const byPr = rank(rows, (r) => r.prPct);
  const byYield = rank(rows, (r) => r.specificYield);
  for (const r of rows) {
    r.rankPr = byPr.get(r) ?? null;
    r.rankYield = byYield.get(r) ?? null;
  }
  return {
    ...frame,
    totals: totalsOf(stationParts(l.slice, stations)),
    compareTotals: l.compare ? totalsOf(stationParts(l.compare, stations)) : null,
    stations: rows,
  };
};
