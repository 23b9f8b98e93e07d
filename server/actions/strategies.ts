import type { z } from 'zod';
import { modeStates, stationOnGrid } from '../strategies/mode-state';
import { ISSUE_STATUS } from '../../protocol/codes';
import type { FieldIssue } from '../../protocol/envelope';
import type { islandParams, peakShavingParams } from '../../protocol/actions/strategies';
import { authed, type Ctx, type Handlers } from '../api/context';
import { ActionError, invalid } from '../api/errors';
import { requireStation } from '../stations/scope';
import { offsetOf } from '../db/list-query';
import { audit } from '../api/audit';
import { followedAt } from '../strategies/followed';
import { equipmentIssues } from '../strategies/bounds';
import {
  distributionSql,
  strategySql,
  switchSql,
  toDistribution,
  toStrategy,
  toSwitch,
  type DistributionRow,
  type StrategyKind as Kind,
  type StrategyRow,
  type SwitchRow,
} from '../strategies/records';
import { minutesOf } from '../../protocol/actions/tariffs';

// Operation-mode strategies (SPEC §3-§5): configuration, soft delete, and the read side of
// distribution (issuance) and switch records. Issuing and switching modes talk to the station
// gateway (actions/commands.ts) through the record helpers of strategies/records.ts
// (docs/strategies.md describes the life cycle).

type PeakParams = z.output<typeof peakShavingParams>;
type IslandParams = z.output<typeof islandParams>;

interface StationFacts {
  systemType: number;
  energyTypes: string[];
  essPowerKw: number;
  dgCapacityKw: number;
}

/** Station type rule (validationFailed `stationId`/`stationType`): peak shaving needs storage; island
 *  operation needs an off-grid capable system (2 off-grid, 3 on/off switching) with a generator or storage. */
const stationFits = (kind: Kind, s: StationFacts): boolean =>
  kind === 'peakShaving'
    ? s.energyTypes.includes('ess')
    : (s.systemType === 2 || s.systemType === 3) && (s.energyTypes.includes('dg') || s.energyTypes.includes('ess'));

/** Period rules of a peak-shaving day: each start < end within 00:00-24:00, no two periods overlap
 *  ('timeError'), and no charge/discharge power above the station's converter power ('tooBig'). */
const periodIssues = (periods: PeakParams['periods'], essPowerKw: number): FieldIssue[] => {
  const out: FieldIssue[] = [];
  const valid: { i: number; a: number; b: number }[] = [];
  periods.forEach((p, i) => {
    const a = minutesOf(p.start);
    const b = minutesOf(p.end);
    if (!(a < b)) out.push({ path: `params.periods.${i}.end`, issue: 'timeError' });
    else valid.push({ i, a, b });
    if (p.mode !== 'idle' && p.powerKw > essPowerKw) out.push({ path: `params.periods.${i}.powerKw`, issue: 'tooBig', limit: essPowerKw });
  });
  valid.sort((x, y) => x.a - y.a || x.i - y.i);
  for (let k = 1; k < valid.length; k++) {
    const prev = valid[k - 1]!;
    const cur = valid[k]!;
    if (cur.a < prev.b) out.push({ path: `params.periods.${Math.max(cur.i, prev.i)}.start`, issue: 'timeError' });
  }
  return out;
};

const islandIssues = (p: IslandParams, s: StationFacts): FieldIssue[] => {
  const out: FieldIssue[] = [];
  const cap = (path: keyof IslandParams, v: number, limit: number) => {
    if (v > limit) out.push({ path: `params.${path}`, issue: 'tooBig', limit });
  };
  cap('essChargingPowerLimitKw', p.essChargingPowerLimitKw, s.essPowerKw);
  cap('onGridChargingPowerKw', p.onGridChargingPowerKw, s.essPowerKw);
  cap('optimalGeneratorPowerKw', p.optimalGeneratorPowerKw, s.dgCapacityKw);
  return out;
};

interface SaveInput {
  stationId: number;
  strategyId?: number | undefined;
  name: string;
  startDate: string;
  endDate: string;
}

const saveStrategy = async (kind: Kind, q: SaveInput, params: PeakParams | IslandParams, ctx: Ctx): Promise<{ strategyId: number }> => {
  const { scope, me } = authed(ctx);
  requireStation(scope, q.stationId);
  return ctx.services.db.tx(async (db) => {
    // The station row lock serialises saves per station, so the overlap check below holds.
    const [station] = await db.query<StationFacts>(
      `SELECT system_type AS "systemType", energy_types AS "energyTypes", ess_power_kw AS "essPowerKw", dg_capacity_kw AS "dgCapacityKw"
       FROM stations WHERE id=$1 FOR UPDATE`,
      [q.stationId],
    );
    if (!station) throw new ActionError('notFound');
    if (!stationFits(kind, station)) invalid([{ path: 'stationId', issue: 'stationType' }]);

    const issues: FieldIssue[] = [];
    if (q.endDate < q.startDate) issues.push({ path: 'endDate', issue: 'timeError' });
    issues.push(...(kind === 'peakShaving' ? periodIssues((params as PeakParams).periods, station.essPowerKw) : islandIssues(params as IslandParams, station)));
    issues.push(...(await equipmentIssues(db, q.stationId, kind, params as unknown as Record<string, unknown>, station)));
    if (issues.length > 0) invalid(issues);

    if (q.strategyId !== undefined) {
      const [own] = await db.query<{ id: number }>('SELECT id FROM strategies WHERE id=$1 AND station_id=$2 AND kind=$3 AND deleted_at IS NULL FOR UPDATE', [
        q.strategyId,
        q.stationId,
        kind,
      ]);
      if (!own) throw new ActionError('notFound');
    }
    const [clash] = await db.query<{ id: number; startDate: string; endDate: string }>(
      `SELECT id, start_date AS "startDate", end_date AS "endDate" FROM strategies
       WHERE station_id=$1 AND kind=$2 AND deleted_at IS NULL AND id <> $3 AND start_date <= $5 AND end_date >= $4
       ORDER BY start_date LIMIT 1`,
      [q.stationId, kind, q.strategyId ?? 0, q.startDate, q.endDate],
    );
    if (clash) throw new ActionError('conflict', { reason: 'dateOverlap', strategyId: clash.id, startDate: clash.startDate, endDate: clash.endDate });

    let id: number;
    if (q.strategyId !== undefined) {
      await db.query('UPDATE strategies SET name=$2, start_date=$3, end_date=$4, params=$5, issue_status=0, updated_at=$6 WHERE id=$1', [
        q.strategyId,
        q.name,
        q.startDate,
        q.endDate,
        JSON.stringify(params),
        ctx.now,
      ]);
      id = q.strategyId;
    } else {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO strategies(station_id, kind, name, start_date, end_date, params, issue_status, created_by, created_at, updated_at)
         VALUES ($1,$2,$3,$4,$5,$6,0,$7,$8,$8) RETURNING id`,
        [q.stationId, kind, q.name, q.startDate, q.endDate, JSON.stringify(params), me.accountId, ctx.now],
      );
      id = row!.id;
    }
    await audit(db, ctx, me.accountId, kind === 'peakShaving' ? 'savePeakShavingStrategy' : 'saveIslandStrategy', `strategy:${id}`, {
      ...q,
      strategyId: id,
      created: q.strategyId === undefined,
    });
    return { strategyId: id };
  });
};

// ───────────────────────────── handlers ─────────────────────────────

export const strategiesHandlers: Handlers = {
  queryStrategyList: async (q, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, q.stationId);
    const db = ctx.services.db;
    const where = 'WHERE station_id=$1 AND deleted_at IS NULL AND ($2::text IS NULL OR kind=$2)';
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM strategies ${where}`, [q.stationId, q.kind ?? null]);
    const rows = await db.query<StrategyRow>(`${strategySql} ${where} ORDER BY start_date DESC, id DESC LIMIT $3 OFFSET $4`, [
      q.stationId,
      q.kind ?? null,
      q.length,
      offsetOf(q.page, q.length),
    ]);
    return { totalCount: count?.n ?? 0, dataList: rows.map(toStrategy) };
  },

  queryStrategyById: async ({ strategyId }, ctx) => {
    const { scope } = authed(ctx);
    const [row] = await ctx.services.db.query<StrategyRow>(`${strategySql} WHERE id=$1 AND deleted_at IS NULL`, [strategyId]);
    if (!row || !scope.hasStation(row.stationId)) throw new ActionError('notFound');
    return toStrategy(row);
  },

  savePeakShavingStrategy: async (q, ctx) => saveStrategy('peakShaving', q, q.params, ctx),
  saveIslandStrategy: async (q, ctx) => saveStrategy('island', q, q.params, ctx),

  deleteStrategy: async ({ strategyId }, ctx) => {
    const { scope, me } = authed(ctx);
    return ctx.services.db.tx(async (db) => {
      const [row] = await db.query<{ stationId: number; kind: Kind; issueStatus: number }>(
        'SELECT station_id AS "stationId", kind, issue_status AS "issueStatus" FROM strategies WHERE id=$1 AND deleted_at IS NULL FOR UPDATE',
        [strategyId],
      );
      if (!row || !scope.hasStation(row.stationId)) throw new ActionError('notFound');
      if (row.issueStatus === ISSUE_STATUS.success) {
        // The gateway runs what was issued; pulling it while the mode is on would leave the
        // station executing a strategy nobody can see. Shut the mode down first.
        const [mode] = await db.query<{ enabled: boolean }>(
          `SELECT ${row.kind === 'peakShaving' ? 'peak_shaving_enabled' : 'island_enabled'} AS enabled FROM station_modes WHERE station_id=$1 FOR UPDATE`,
          [row.stationId],
        );
        if (mode?.enabled) throw new ActionError('conflict', { reason: 'modeEnabled', mode: row.kind });
      }
      await db.query('UPDATE strategies SET deleted_at=$2, updated_at=$2 WHERE id=$1', [strategyId, ctx.now]);
      await audit(db, ctx, me.accountId, 'deleteStrategy', `strategy:${strategyId}`, { strategyId, stationId: row.stationId, kind: row.kind });
      return null;
    });
  },

  queryDistributionRecords: async (q, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, q.stationId);
    const db = ctx.services.db;
    if (q.strategyId !== undefined) {
      // Deleted strategies keep their records, so look the strategy up regardless of deletion.
      const [own] = await db.query<{ id: number }>('SELECT id FROM strategies WHERE id=$1 AND station_id=$2', [q.strategyId, q.stationId]);
      if (!own) throw new ActionError('notFound');
    }
    const args = [q.stationId, q.strategyId ?? null, q.from ?? null, q.to ?? null];
    const where = `WHERE d.station_id=$1 AND ($2::int IS NULL OR d.strategy_id=$2)
      AND ($3::timestamptz IS NULL OR d.issued_at >= $3::timestamptz) AND ($4::timestamptz IS NULL OR d.issued_at < $4::timestamptz)`;
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM strategy_distributions d ${where}`, args);
    const rows = await db.query<DistributionRow>(`${distributionSql(false)} ${where} ORDER BY d.issued_at DESC, d.id DESC LIMIT $5 OFFSET $6`, [
      ...args,
      q.length,
      offsetOf(q.page, q.length),
    ]);
    return { totalCount: count?.n ?? 0, dataList: rows.map(toDistribution) };
  },

  queryDistributionRecordById: async ({ distributionId }, ctx) => {
    const { scope } = authed(ctx);
    const [row] = await ctx.services.db.query<DistributionRow>(`${distributionSql(true)} WHERE d.id=$1`, [distributionId]);
    if (!row || !scope.hasStation(row.stationId)) throw new ActionError('notFound');
    const d = toDistribution(row);
    return { ...d, followedAt: await followedAt(ctx.services.db, d) };
  },

  queryStationMode: async ({ stationId }, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, stationId);
    const [row] = await ctx.services.db.query<{ p: boolean; i: boolean; at: Date; type: number }>(
      `SELECT coalesce(m.peak_shaving_enabled, false) AS p, coalesce(m.island_enabled, false) AS i, coalesce(m.updated_at, s.created_at) AS at,
              s.system_type AS type
       FROM stations s LEFT JOIN station_modes m ON m.station_id = s.id WHERE s.id=$1`,
      [stationId],
    );
    if (!row) throw new ActionError('notFound');
    const onGrid = await stationOnGrid(ctx.services.db, ctx.services.fleet, stationId, row.type, ctx.services.clock());
    const states = modeStates({ peakShaving: row.p, island: row.i }, onGrid);
    return {
      peakShavingEnabled: row.p,
      islandEnabled: row.i,
      peakShavingState: states.peakShaving,
      islandState: states.island,
      updatedAt: row.at.toISOString(),
    };
  },

  querySwitchRecords: async (q, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, q.stationId);
    const db = ctx.services.db;
    const args = [q.stationId, q.from ?? null, q.to ?? null];
    const where = `WHERE r.station_id=$1 AND ($2::timestamptz IS NULL OR r.at >= $2::timestamptz) AND ($3::timestamptz IS NULL OR r.at < $3::timestamptz)`;
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM switch_records r ${where}`, args);
    const rows = await db.query<SwitchRow>(`${switchSql} ${where} ORDER BY r.at DESC, r.id DESC LIMIT $4 OFFSET $5`, [
      ...args,
      q.length,
      offsetOf(q.page, q.length),
    ]);
    return { totalCount: count?.n ?? 0, dataList: rows.map(toSwitch) };
  },
};
