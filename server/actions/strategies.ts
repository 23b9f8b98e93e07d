import type { z } from 'zod';
import type { FieldIssue } from '../../protocol/envelope';
import type { distributionRecord, islandParams, peakShavingParams, strategy, switchRecord } from '../../protocol/actions/strategies';
import type { Queryable } from '../db/db';
import { authed, type Ctx, type Handlers } from '../api/context';
import { ActionError, invalid } from '../api/errors';
import { requireStation } from './stations';
import { audit } from '../api/audit';

// Operation-mode strategies (SPEC §3-§5): configuration, soft delete, and the read side of
// distribution (issuance) and switch records. Issuing and switching modes talk to the station
// gateway and belong to the fleet stage; it reuses the record helpers exported at the bottom
// (docs/strategies.md describes the life cycle).

type Kind = 'peakShaving' | 'island';
type Strategy = z.input<typeof strategy>;
type Distribution = z.input<typeof distributionRecord>;
type SwitchRecord = z.input<typeof switchRecord>;
type PeakParams = z.output<typeof peakShavingParams>;
type IslandParams = z.output<typeof islandParams>;

/** Who did it, as the records show it: the account's contact person, else its login name. */
const OPERATOR = `coalesce(nullif(a.contact, ''), a.account)`;
const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

// ───────────────────────────── strategies ─────────────────────────────

interface StrategyRow { id: number; stationId: number; kind: Kind; name: string; startDate: string; endDate: string; params: Record<string, unknown>; issueStatus: number; updatedAt: Date }
const strategySql = `SELECT id, station_id AS "stationId", kind, name, start_date AS "startDate", end_date AS "endDate", params,
  issue_status AS "issueStatus", updated_at AS "updatedAt" FROM strategies`;
const toStrategy = (r: StrategyRow): Strategy => ({
  strategyId: r.id, stationId: r.stationId, kind: r.kind, name: r.name, startDate: r.startDate, endDate: r.endDate,
  params: r.params, issueStatus: r.issueStatus, updatedAt: r.updatedAt.toISOString(),
});

interface StationFacts { systemType: number; energyTypes: string[]; essPowerKw: number; dgCapacityKw: number }

/** Station type rule (validationFailed `stationId`/`stationType`): peak shaving needs storage; island
 *  operation needs an off-grid capable system (2 off-grid, 3 on/off switching) with a generator or storage. */
export const stationFits = (kind: Kind, s: StationFacts): boolean =>
  kind === 'peakShaving' ? s.energyTypes.includes('ess') : (s.systemType === 2 || s.systemType === 3) && (s.energyTypes.includes('dg') || s.energyTypes.includes('ess'));

const minutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Period rules of a peak-shaving day: each start < end within 00:00-24:00, no two periods overlap
 *  ('timeError'), and no charge/discharge power above the station's converter power ('tooBig'). */
export const periodIssues = (periods: PeakParams['periods'], essPowerKw: number): FieldIssue[] => {
  const out: FieldIssue[] = [];
  const valid: { i: number; a: number; b: number }[] = [];
  periods.forEach((p, i) => {
    const a = minutes(p.start);
    const b = minutes(p.end);
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

interface SaveInput { stationId: number; strategyId?: number | undefined; name: string; startDate: string; endDate: string }

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
    if (issues.length > 0) invalid(issues);

    if (q.strategyId !== undefined) {
      const [own] = await db.query<{ id: number }>(
        'SELECT id FROM strategies WHERE id=$1 AND station_id=$2 AND kind=$3 AND deleted_at IS NULL FOR UPDATE',
        [q.strategyId, q.stationId, kind],
      );
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
      await db.query(
        'UPDATE strategies SET name=$2, start_date=$3, end_date=$4, params=$5, issue_status=0, updated_at=$6 WHERE id=$1',
        [q.strategyId, q.name, q.startDate, q.endDate, JSON.stringify(params), ctx.now],
      );
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
      ...q, strategyId: id, created: q.strategyId === undefined,
    });
    return { strategyId: id };
  });
};

/** The same ctx, with its queries going through the open transaction (PGlite has one connection,
 *  so a query outside the transaction would wait for it forever). */

/** `audit` of stations.ts, written inside the caller's transaction. */

const offset = (q: { page: number; length: number }) => (q.page - 1) * q.length;

// ───────────────────────────── distribution records ─────────────────────────────

interface DistributionRow {
  id: number; strategyId: number; strategyName: string; stationId: number; status: number; reason: string | null;
  operator: string | null; issuedAt: Date; ackedAt: Date | null; snapshot?: Record<string, unknown>;
}
const distributionSql = (withSnapshot: boolean) => `
  SELECT d.id, d.strategy_id AS "strategyId", s.name AS "strategyName", d.station_id AS "stationId", d.status, d.reason,
         ${OPERATOR} AS operator, d.issued_at AS "issuedAt", d.acked_at AS "ackedAt"${withSnapshot ? ', d.snapshot' : ''}
  FROM strategy_distributions d
  JOIN strategies s ON s.id = d.strategy_id
  LEFT JOIN accounts a ON a.id = d.operator_id`;
const toDistribution = (r: DistributionRow): Distribution => ({
  distributionId: r.id, strategyId: r.strategyId, strategyName: r.strategyName, stationId: r.stationId, status: r.status,
  reason: r.reason, operator: r.operator, issuedAt: r.issuedAt.toISOString(), ackedAt: iso(r.ackedAt),
  ...(r.snapshot ? { snapshot: r.snapshot } : {}),
});

// ───────────────────────────── switch records ─────────────────────────────

interface SwitchRow { id: number; stationId: number; at: Date; operation: string; status: number; operator: string | null; reason: string | null }
const switchSql = `
  SELECT r.id, r.station_id AS "stationId", r.at, r.operation, r.status, ${OPERATOR} AS operator, r.reason
  FROM switch_records r LEFT JOIN accounts a ON a.id = r.operator_id`;
const toSwitch = (r: SwitchRow): SwitchRecord => ({
  recordId: r.id, stationId: r.stationId, time: r.at.toISOString(), operation: r.operation, status: r.status, operator: r.operator, reason: r.reason,
});

// ───────────────────────────── handlers ─────────────────────────────

export const strategiesHandlers: Handlers = {
  queryStrategyList: async (q, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, q.stationId);
    const db = ctx.services.db;
    const where = 'WHERE station_id=$1 AND deleted_at IS NULL AND ($2::text IS NULL OR kind=$2)';
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM strategies ${where}`, [q.stationId, q.kind ?? null]);
    const rows = await db.query<StrategyRow>(`${strategySql} ${where} ORDER BY start_date DESC, id DESC LIMIT $3 OFFSET $4`, [
      q.stationId, q.kind ?? null, q.length, offset(q),
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
      if (row.issueStatus === 1) {
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
      ...args, q.length, offset(q),
    ]);
    return { totalCount: count?.n ?? 0, dataList: rows.map(toDistribution) };
  },

  queryDistributionRecordById: async ({ distributionId }, ctx) => {
    const { scope } = authed(ctx);
    const [row] = await ctx.services.db.query<DistributionRow>(`${distributionSql(true)} WHERE d.id=$1`, [distributionId]);
    if (!row || !scope.hasStation(row.stationId)) throw new ActionError('notFound');
    return toDistribution(row);
  },

  queryStationMode: async ({ stationId }, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, stationId);
    const [row] = await ctx.services.db.query<{ p: boolean; i: boolean; at: Date }>(
      `SELECT coalesce(m.peak_shaving_enabled, false) AS p, coalesce(m.island_enabled, false) AS i, coalesce(m.updated_at, s.created_at) AS at
       FROM stations s LEFT JOIN station_modes m ON m.station_id = s.id WHERE s.id=$1`,
      [stationId],
    );
    if (!row) throw new ActionError('notFound');
    return { peakShavingEnabled: row.p, islandEnabled: row.i, updatedAt: row.at.toISOString() };
  },

  querySwitchRecords: async (q, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, q.stationId);
    const db = ctx.services.db;
    const args = [q.stationId, q.from ?? null, q.to ?? null];
    const where = `WHERE r.station_id=$1 AND ($2::timestamptz IS NULL OR r.at >= $2::timestamptz) AND ($3::timestamptz IS NULL OR r.at < $3::timestamptz)`;
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM switch_records r ${where}`, args);
    const rows = await db.query<SwitchRow>(`${switchSql} ${where} ORDER BY r.at DESC, r.id DESC LIMIT $4 OFFSET $5`, [...args, q.length, offset(q)]);
    return { totalCount: count?.n ?? 0, dataList: rows.map(toSwitch) };
  },
};

// ───────────────── record helpers for the fleet stage (issueStrategy, setControlMode) ─────────────────
// Each takes the Queryable of the caller's transaction, so the record, the state change and the
// audit row commit together. See docs/strategies.md for the life cycle.

/** Switch-record operation codes (the console translates them). */
export const switchOperation = (mode: Kind, enabled: boolean): string =>
  `${enabled ? 'enable' : 'shutDown'}${mode === 'peakShaving' ? 'PeakShaving' : 'Island'}`;

/** Snapshot of a strategy as sent to the gateway (stored on the distribution record). */
export const strategySnapshot = (s: Pick<Strategy, 'kind' | 'name' | 'startDate' | 'endDate' | 'params'>): Record<string, unknown> => ({
  kind: s.kind, name: s.name, startDate: s.startDate, endDate: s.endDate, params: s.params,
});

/** A live (not deleted) strategy in the caller's scope, locked for the transaction; else notFound. */
export const lockStrategy = async (db: Queryable, ctx: Ctx, strategyId: number): Promise<Strategy> => {
  const { scope } = authed(ctx);
  const [row] = await db.query<StrategyRow>(`${strategySql} WHERE id=$1 AND deleted_at IS NULL FOR UPDATE`, [strategyId]);
  if (!row || !scope.hasStation(row.stationId)) throw new ActionError('notFound');
  return toStrategy(row);
};

export const loadDistribution = async (db: Queryable, distributionId: number): Promise<Distribution | null> => {
  const [row] = await db.query<DistributionRow>(`${distributionSql(true)} WHERE d.id=$1`, [distributionId]);
  return row ? toDistribution(row) : null;
};

/** Opens a pending (status 0) issuance record of a strategy; answers it as the catalogue shapes it. */
export const recordDistribution = async (
  db: Queryable,
  r: { strategy: Strategy; operatorId: number | null; at: Date },
): Promise<Distribution> => {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO strategy_distributions(strategy_id, station_id, snapshot, status, operator_id, issued_at) VALUES ($1,$2,$3,0,$4,$5) RETURNING id',
    [r.strategy.strategyId, r.strategy.stationId, JSON.stringify(strategySnapshot(r.strategy)), r.operatorId, r.at],
  );
  return (await loadDistribution(db, row!.id))!;
};

/**
 * Closes an issuance record on the gateway's answer (or its timeout): status 1 success / 2 failed.
 * The strategy's issue status follows only when this record is still what the strategy says:
 * its content equals the snapshot that was sent (an edit resets to 0 and needs a new issuance)
 * and no later issuance overtook it. Answers false when the record was not pending.
 */
export const ackDistribution = async (
  db: Queryable,
  distributionId: number,
  r: { ok: boolean; reason?: string | null; at: Date },
): Promise<boolean> => {
  const status = r.ok ? 1 : 2;
  const [row] = await db.query<{ id: number }>(
    'UPDATE strategy_distributions SET status=$2, reason=$3, acked_at=$4 WHERE id=$1 AND status=0 RETURNING id',
    [distributionId, status, r.ok ? null : (r.reason ?? null), r.at],
  );
  if (!row) return false;
  await db.query(
    `UPDATE strategies s SET issue_status=$1
     FROM strategy_distributions d
     WHERE d.id=$2 AND s.id=d.strategy_id AND s.deleted_at IS NULL
       AND s.name = d.snapshot->>'name' AND s.start_date::text = d.snapshot->>'startDate'
       AND s.end_date::text = d.snapshot->>'endDate' AND s.params = d.snapshot->'params'
       AND NOT EXISTS (SELECT 1 FROM strategy_distributions l WHERE l.strategy_id = s.id AND l.id > d.id)`,
    [status, distributionId],
  );
  return true;
};

export const loadSwitch = async (db: Queryable, recordId: number): Promise<SwitchRecord | null> => {
  const [row] = await db.query<SwitchRow>(`${switchSql} WHERE r.id=$1`, [recordId]);
  return row ? toSwitch(row) : null;
};

/** Opens a pending (status 0) switch record for enabling or shutting down a mode. */
export const recordSwitch = async (
  db: Queryable,
  r: { stationId: number; mode: Kind; enabled: boolean; operatorId: number | null; at: Date },
): Promise<SwitchRecord> => {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO switch_records(station_id, at, operation, status, operator_id) VALUES ($1,$2,$3,0,$4) RETURNING id',
    [r.stationId, r.at, switchOperation(r.mode, r.enabled), r.operatorId],
  );
  return (await loadSwitch(db, row!.id))!;
};

/**
 * Closes a switch record on the gateway's answer: 1 dispatch successful / 2 dispatch failed. On
 * success the station's mode flag changes (station_modes, created if missing). Answers false
 * when the record was not pending.
 */
export const ackSwitch = async (db: Queryable, recordId: number, r: { ok: boolean; reason?: string | null; at: Date }): Promise<boolean> => {
  const [row] = await db.query<{ stationId: number; operation: string }>(
    'UPDATE switch_records SET status=$2, reason=$3 WHERE id=$1 AND status=0 RETURNING station_id AS "stationId", operation',
    [recordId, r.ok ? 1 : 2, r.ok ? null : (r.reason ?? null)],
  );
  if (!row) return false;
  if (r.ok) {
    const enabled = row.operation.startsWith('enable');
    const col = row.operation.endsWith('PeakShaving') ? 'peak_shaving_enabled' : 'island_enabled';
    await db.query(
      `INSERT INTO station_modes(station_id, ${col}, updated_at) VALUES ($1,$2,$3)
       ON CONFLICT (station_id) DO UPDATE SET ${col}=EXCLUDED.${col}, updated_at=EXCLUDED.updated_at`,
      [row.stationId, enabled, r.at],
    );
  }
  return true;
};
