// Homepage data (issue 5): statistics, the station matrix and today's power curve of the
// scope. Loaders plus pure shaping helpers (columnar arrays for uPlot, data age, staleness).
import type { Observable } from 'rxjs';
import { dayStart, viewerZone } from '../../protocol/site-time';
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

/** Today (local midnight to now) at `width` points, complete intervals only (`completeIntervals`). */
export async function loadTodayCurve(api: Api, orgId: number | undefined, now: Date, width = 480): Promise<PowerCurve> {
  const from = new Date(dayStart(viewerZone(), now.getTime()));
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

/** "12 s", "3 min", "2 h": the data age label's figure. */
export function ageText(at: number | null, now: number): string {
  if (at === null) return '-';
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  return `${Math.floor(s / 3600)} h`;
}

export const STATS_MS = 60_000;
export const CURVE_MS = 60_000;
export const MATRIX_MS = 60_000;

/** The request key of a scope: the whole scope, or one provider. */
export const scopeKey = (orgId: number | undefined): string => (orgId === undefined ? 'scope' : `org:${orgId}`);

/** A figure of the homepage for one scope, polled under one id per scope; `loaded` names its event. */
function homeResource<T>(
  part: 'statistics' | 'curve' | 'matrix',
  orgId: number | undefined,
  intervalMs: number,
  fetch: () => Promise<T>,
  loaded: (value: T, key: string, at: number) => StoreEvent,
): ResourceSpec<T> {
  const key = scopeKey(orgId);
  return {
    id: `home/${part}/${key}`,
    fetch,
    intervalMs,
    loaded: (value, at) => loaded(value, key, at),
    failed: (failures, at) => ({ type: `home/${part}Failed`, key, failures, at }),
  };
}

export const statisticsResource = (api: Api, orgId: number | undefined): ResourceSpec<HomepageStatistics> =>
  homeResource('statistics', orgId, STATS_MS, () => loadStatistics(api, orgId), (data, key, at) => ({ type: 'home/statisticsLoaded', key, data, at }));

export const curveResource = (api: Api, orgId: number | undefined, now: () => Date = () => new Date()): ResourceSpec<PowerCurve> =>
  homeResource('curve', orgId, CURVE_MS, () => loadTodayCurve(api, orgId, now()), (data, key, at) => ({ type: 'home/curveLoaded', key, data, at }));

export const matrixResource = (api: Api, orgId: number | undefined): ResourceSpec<MatrixCard[]> =>
  homeResource('matrix', orgId, MATRIX_MS, () => loadMatrix(api, orgId), (cards, key, at) => ({ type: 'home/matrixLoaded', key, cards, at }));

/** Screen-facing streams: the store's view of a resource, polled while subscribed. */
export const homeStatistics$ = (store: Store, api: Api, orgId: number | undefined): Observable<View<HomepageStatistics>> =>
  resourcesOf(store).watch$(statisticsResource(api, orgId), selectStatistics(scopeKey(orgId)));
export const homeCurve$ = (store: Store, api: Api, orgId: number | undefined): Observable<View<PowerCurve>> =>
  resourcesOf(store).watch$(curveResource(api, orgId), selectCurve(scopeKey(orgId)));
export const homeMatrix$ = (store: Store, api: Api, orgId: number | undefined): Observable<View<MatrixCard[]>> =>
  resourcesOf(store).watch$(matrixResource(api, orgId), selectMatrix(scopeKey(orgId)));
