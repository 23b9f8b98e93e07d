import type { z } from 'zod';
import type { reportRequest } from '../../protocol/actions/report-shapes';
import { DEFAULT_CURRENCY } from '../../protocol/currency';
import { daysBetween } from '../analytics/period';
import type { Scope } from '../auth/scope';
import { ActionError, invalid } from '../api/errors';
import type { Registry } from '../registry';
import type { Entity, ReportQuery } from './build';

// Which rows a report request asks for, within the caller's data scope (anything outside it
// answers notFound), and the limits of its period.

export type ReportKind = 'platform' | 'service' | 'site';
export type ReportRequest = z.output<typeof reportRequest>;

/** The longest period per granularity: a year of days, ten years of months, twenty years. */
export const MAX_DAYS = { day: 366, month: 3660, year: 7320 } as const;

export const checkPeriod = (q: ReportRequest): ReportQuery => {
  if (q.to < q.from) invalid([{ path: 'to', issue: 'timeError' }]);
  const limit = MAX_DAYS[q.granularity];
  if (daysBetween(q.from, q.to) > limit) invalid([{ path: 'to', issue: 'rangeTooLong', limit }]);
  return { from: q.from, to: q.to, granularity: q.granularity, items: q.items };
};

const providersOf = (scope: Scope, orgId?: number): number[] => {
  if (orgId === undefined) return scope.providerIds();
  if (!scope.hasProvider(orgId)) throw new ActionError('notFound');
  return [orgId];
};

export const entitiesOf = (kind: ReportKind, q: ReportRequest, scope: Scope, reg: Registry): Entity[] => {
  if (kind === 'site') {
    if (q.stationId === undefined) invalid([{ path: 'stationId', issue: 'required' }]);
    const st = reg.stations.get(q.stationId!);
    if (!st || !scope.hasStation(st.id) || (q.orgId !== undefined && st.providerId !== q.orgId)) throw new ActionError('notFound');
    return [{ key: String(st.id), label: st.name, stationIds: [st.id], currency: reg.currencyOfStation(st.id) }];
  }
  const providers = providersOf(scope, q.orgId);
  if (kind === 'platform')
    return providers
      .map((p) => ({
        key: String(p),
        label: reg.orgs.get(p)?.name ?? String(p),
        stationIds: scope.stationIds(p),
        currency: reg.orgs.get(p)?.currency ?? DEFAULT_CURRENCY,
      }))
      .filter((e) => e.stationIds.length > 0 || scope.wholeProviders);
  return providers.flatMap((p) =>
    scope
      .stationIds(p)
      .map((id) => ({ key: String(id), label: reg.stations.get(id)?.name ?? String(id), stationIds: [id], currency: reg.currencyOfStation(id) })),
  );
};
