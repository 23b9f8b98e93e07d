import { REPORT_ITEMS } from '../../protocol/actions/report-shapes';
import { authed, type Handlers } from '../api/context';
import { ActionError } from '../api/errors';
import { audit } from '../api/audit';
import { buildReport } from '../reports/build';
import { runReport } from '../reports/run';
import { createShare, listShares, periodRange, revokeShare, shareById, shareByToken } from '../reports/shares';
import { requireStation } from '../stations/scope';

// Operations reports (docs/reports.md): platform (a row per provider and period), service
// provider (a row per station and period) and site (a row per period of one station), and the
// share links that open one station's month or year without a session.

const periodOf = (kind: 'month' | 'year', date: string) => (kind === 'month' ? date.slice(0, 7) : date.slice(0, 4));

export const reportsHandlers: Handlers = {
  queryPlatformReport: (q, ctx) => runReport('platform', q, ctx),
  queryServiceReport: (q, ctx) => runReport('service', q, ctx),
  querySiteReport: (q, ctx) => runReport('site', q, ctx),

  queryReportByShareToken: async ({ shareToken }, ctx) => {
    const now = ctx.now.getTime();
    const share = await shareByToken(ctx.services.db, shareToken, now);
    if (!share) throw new ActionError('notFound');
    const range = periodRange(share.kind, share.period);
    const report = await buildReport(
      ctx.services.db,
      [
        {
          key: String(share.stationId),
          label: share.stationName,
          stationIds: [share.stationId],
          currency: ctx.services.registry.currencyOfStation(share.stationId),
        },
      ],
      { ...range, granularity: share.kind === 'month' ? 'day' : 'month', items: [...REPORT_ITEMS] },
      now,
    );
    return { ...report, title: `${share.stationName} ${share.period}`, stationName: share.stationName, kind: share.kind, expiresAt: share.expiresAt };
  },

  createReportShare: async (q, ctx) => {
    const { me, scope } = authed(ctx);
    requireStation(scope, q.stationId);
    const period = periodOf(q.kind, q.date);
    const share = await createShare(ctx.services.db, {
      stationId: q.stationId,
      kind: q.kind,
      period,
      accountId: me.accountId,
      now: ctx.now.getTime(),
      expiresInDays: q.expiresInDays,
    });
    const { shareToken: _secret, ...logged } = share;
    await audit(ctx.services.db, ctx, me.accountId, 'createReportShare', `reportShare:${share.shareId}`, logged);
    return share;
  },

  revokeReportShare: async ({ shareId }, ctx) => {
    const { me, scope } = authed(ctx);
    const now = ctx.now.getTime();
    const share = await shareById(ctx.services.db, shareId, now);
    if (!share || !scope.hasStation(share.stationId)) throw new ActionError('notFound');
    await revokeShare(ctx.services.db, shareId, me.accountId, now);
    await audit(ctx.services.db, ctx, me.accountId, 'revokeReportShare', `reportShare:${shareId}`, share);
    return (await shareById(ctx.services.db, shareId, now))!;
  },

  queryReportShareList: async ({ stationId }, ctx) => {
    const { scope } = authed(ctx);
    if (stationId !== undefined) requireStation(scope, stationId);
    const ids = stationId !== undefined ? [stationId] : scope.stationIds();
    return { dataList: await listShares(ctx.services.db, ids, ctx.now.getTime()) };
  },
};
