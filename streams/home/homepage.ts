// Homepage data: statistics, the station matrix and today's power curve of the
// scope. Loaders plus pure shaping helpers (columnar arrays for uPlot, data age, staleness).
import type { Observable } from 'rxjs';
import { dayStart, type Zone } from '../../protocol/site-time';
import type { Api } from '../api/client';
import type { StoreEvent } from '../events';
import { resourcesOf, type ResourceSpec } from '../resources';
import type { View } from '../slices/selectors';
import type { Store } from '../store';
import { selectCurve, selectMatrix, selectStatistics, type HomepageStatistics, type MatrixCard, type PowerCurve } from './state';

export type { HomepageStatistics, MatrixCard, PowerCurve };

const org = (orgId: number | undefined) => (orgId !== undefined ? { orgId } : {});

export const loadStatistics = (api: Api, orgId: number | undefined): Promise<HomepageStatistics> =>
  api.call('queryHomepageStatistics', org(orgId), { quiet: true });

export const loadMatrix = async (api: Api, orgId: number | undefined): Promise<MatrixCard[]> =>
  (await api.call('queryStationMatrix', org(orgId), { quiet: true })).dataList;

/** Today in `zone` (its midnight to now) at `width` points, complete intervals only (`completeIntervals`). */
export async function loadTodayCurve(api: Api, orgId: number | undefined, now: Date, zone: Zone, width = 480): Promise<PowerCurve> {
  const from = new Date(dayStart(zone, now.getTime()));
  const curve = await api.call('queryStationPowerCurve', { ...org(orgId), from: from.toISOString(), to: now.toISOString(), width }, { quiet: true });
  return completeIntervals(curve, now.getTime());
}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
/** '15m' → 900 000; 0 for a resolution that is not an interval (raw samples). */
export const resolutionMs = (r: string): number => {
  const m = /^(\d+)([smhd])$/.exec(r);
  return m ? Number(m[1]) * UNIT_MS[m[2]!]! : 0;
};

/**
 * Drops the interval still running: a point stamped with its interval's start and summed over
 * it (the scope curve's 15-minute energy × 4) would be drawn at a fraction of its height two
 * minutes into the interval, a false drop at the chart's right edge. The last point shown is
 * the last complete interval (docs/time.md, partial intervals).
 */
export function completeIntervals(curve: PowerCurve, nowMs: number): PowerCurve {
  const series = curve.series.map((s) => {
    const len = resolutionMs(s.resolution);
    if (len === 0) return s;
    let n = s.t.length;
    const ms = (t: number) => (t > 1e11 ? t : t * 1000); // as alignedSeries: ms or unix seconds
    while (n > 0 && ms(s.t[n - 1]!) + len > nowMs) n -= 1;
    return n === s.t.length ? s : { ...s, t: s.t.slice(0, n), v: s.v.slice(0, n) };
  });
  return { ...curve, series };
}

/** uPlot's aligned data: [xs in unix seconds, ...ys], series picked by point name. */
export function alignedSeries(curve: PowerCurve | null, points: readonly string[]): [number[], ...(number | null)[][]] {
  const picked = points.map((p) => curve?.series.find((s) => s.point === p));
  const base = picked.find((s) => s && s.t.length > 0);
  if (!base) return [[], ...points.map(() => [])];
  const xs = base.t.map((t) => (t > 1e11 ? t / 1000 : t));
  const ys = picked.map((s) => (s && s.t.length === base.t.length ? s.v : base.t.map(() => null)));
  return [xs, ...ys];
}

/** A figure is stale when its last good answer is older than three poll periods. */
export const isStale = (at: number | null, now: number, intervalMs: number): boolean => at === null || now - at > 3 * intervalMs;

export const AGE_UNITS = ['s', 'min', 'h'] as const;
export interface Age {
  unit: (typeof AGE_UNITS)[number];
  n: number;
}

/** How long ago `at` was, in whole seconds, minutes or hours: the data age label's figure. */
export function ageOf(at: number | null, now: number): Age | null {
  if (at === null) return null;
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) return { unit: 's', n: s };
  if (s < 3600) return { unit: 'min', n: Math.floor(s / 60) };
  return { unit: 'h', n: Math.floor(s / 3600) };
}

export const STATS_MS = 60_000;
export const CURVE_MS = 60_000;
export const MATRIX_MS = 60_000;

/** The request key of a scope: the whole scope, or one provider. */
export const scopeKey = (orgId: number | undefined): string => (orgId === undefined ? 'scope' : `org:${orgId}`);

/** What each part of the homepage answers with. */
interface HomeValues {
  statistics: HomepageStatistics;
  curve: PowerCurve;
  matrix: MatrixCard[];
}
type Part = keyof HomeValues;

const INTERVAL_MS = { statistics: STATS_MS, curve: CURVE_MS, matrix: MATRIX_MS } as const satisfies Record<Part, number>;
/** the event that stores a part's answer under its key */
const LOADED: { [P in Part]: (value: HomeValues[P], key: string, at: number) => StoreEvent } = {
  statistics: (data, key, at) => ({ type: 'home/statisticsLoaded', key, data, at }),
  curve: (data, key, at) => ({ type: 'home/curveLoaded', key, data, at }),
  matrix: (cards, key, at) => ({ type: 'home/matrixLoaded', key, cards, at }),
};

/** A part of the homepage under `key` (its scope), polled at the part's interval under one id per key. */
function homeResource<P extends Part>(part: P, key: string, fetch: () => Promise<HomeValues[P]>): ResourceSpec<HomeValues[P]> {
  return {
    id: `home/${part}/${key}`,
    fetch,
    intervalMs: INTERVAL_MS[part],
    loaded: (value, at) => LOADED[part](value, key, at),
    failed: (failures, at) => ({ type: `home/${part as Part}Failed`, key, failures, at }),
  };
}

export const statisticsResource = (api: Api, orgId: number | undefined): ResourceSpec<HomepageStatistics> =>
  homeResource('statistics', scopeKey(orgId), () => loadStatistics(api, orgId));

/** the curve's key: its scope and the zone whose day it covers (a day in Shanghai is not one in UTC) */
const curveKey = (orgId: number | undefined, zone: Zone) => `${scopeKey(orgId)}@${zone}`;

export const curveResource = (api: Api, orgId: number | undefined, zone: Zone, now: () => Date = () => new Date()): ResourceSpec<PowerCurve> =>
  homeResource('curve', curveKey(orgId, zone), () => loadTodayCurve(api, orgId, now(), zone));

export const matrixResource = (api: Api, orgId: number | undefined): ResourceSpec<MatrixCard[]> =>
  homeResource('matrix', scopeKey(orgId), () => loadMatrix(api, orgId));

/** Screen-facing streams: the store's view of a resource, polled while subscribed. */
export const homeStatistics$ = (store: Store, api: Api, orgId: number | undefined): Observable<View<HomepageStatistics>> =>
  resourcesOf(store).watch$(statisticsResource(api, orgId), selectStatistics(scopeKey(orgId)));
export const homeCurve$ = (store: Store, api: Api, orgId: number | undefined, zone: Zone): Observable<View<PowerCurve>> =>
  resourcesOf(store).watch$(curveResource(api, orgId, zone), selectCurve(curveKey(orgId, zone)));
export const homeMatrix$ = (store: Store, api: Api, orgId: number | undefined): Observable<View<MatrixCard[]>> =>
  resourcesOf(store).watch$(matrixResource(api, orgId), selectMatrix(scopeKey(orgId)));
