import type { z } from 'zod';
import type { distributionRecord, strategy, switchRecord } from '../../protocol/actions/strategies';
import type { Queryable } from '../db/db';

// Strategy, distribution (issuance) and switch records as the catalogue shapes them, and the
// record helpers of issuing a strategy and switching a mode. Each helper takes the Queryable of
// the caller's transaction, so the record, the state change and the audit row commit together.
// The fleet closes records on a gateway's answer; the actions open and read them.
// docs/strategies.md describes the life cycle.

export type StrategyKind = 'peakShaving' | 'island';
export type Strategy = z.input<typeof strategy>;
export type Distribution = z.input<typeof distributionRecord>;
export type SwitchRecord = z.input<typeof switchRecord>;
type Kind = StrategyKind;

/** Who did it, as the records show it: the account's contact person, else its login name. */
const OPERATOR = `coalesce(nullif(a.contact, ''), a.account)`;
const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

// ───────────────────────────── strategies ─────────────────────────────

export interface StrategyRow {
  id: number;
  stationId: number;
  kind: Kind;
  name: string;
  startDate: string;
  endDate: string;
  params: Record<string, unknown>;
  issueStatus: number;
  updatedAt: Date;
}
export const strategySql = `SELECT id, station_id AS "stationId", kind, name, start_date AS "startDate", end_date AS "endDate", params,
  issue_status AS "issueStatus", updated_at AS "updatedAt" FROM strategies`;
export const toStrategy = (r: StrategyRow): Strategy => ({
  strategyId: r.id,
  stationId: r.stationId,
  kind: r.kind,
  name: r.name,
  startDate: r.startDate,
  endDate: r.endDate,
  params: r.params,
  issueStatus: r.issueStatus,
  updatedAt: r.updatedAt.toISOString(),
});

// ───────────────────────────── distribution records ─────────────────────────────

export interface DistributionRow {
  id: number;
  strategyId: number;
  strategyName: string;
  stationId: number;
  status: number;
  reason: string | null;
  operator: string | null;
  issuedAt: Date;
  ackedAt: Date | null;
  snapshot?: Record<string, unknown>;
}
export const distributionSql = (withSnapshot: boolean) => `
  SELECT d.id, d.strategy_id AS "strategyId", s.name AS "strategyName", d.station_id AS "stationId", d.status, d.reason,
         ${OPERATOR} AS operator, d.issued_at AS "issuedAt", d.acked_at AS "ackedAt"${withSnapshot ? ', d.snapshot' : ''}
  FROM strategy_distributions d
  JOIN strategies s ON s.id = d.strategy_id
  LEFT JOIN accounts a ON a.id = d.operator_id`;
export const toDistribution = (r: DistributionRow): Distribution => ({
  distributionId: r.id,
  strategyId: r.strategyId,
  strategyName: r.strategyName,
  stationId: r.stationId,
  status: r.status,
  reason: r.reason,
  operator: r.operator,
  issuedAt: r.issuedAt.toISOString(),
  ackedAt: iso(r.ackedAt),
  ...(r.snapshot ? { snapshot: r.snapshot } : {}),
});

// ───────────────────────────── switch records ─────────────────────────────

export interface SwitchRow {
  id: number;
  stationId: number;
  at: Date;
  operation: string;
  status: number;
  operator: string | null;
  reason: string | null;
}
export const switchSql = `
  SELECT r.id, r.station_id AS "stationId", r.at, r.operation, r.status, ${OPERATOR} AS operator, r.reason
  FROM switch_records r LEFT JOIN accounts a ON a.id = r.operator_id`;
export const toSwitch = (r: SwitchRow): SwitchRecord => ({
  recordId: r.id,
  stationId: r.stationId,
  time: r.at.toISOString(),
  operation: r.operation,
  status: r.status,
  operator: r.operator,
  reason: r.reason,
});

// ───────────────────────────── record helpers ─────────────────────────────

/** Switch-record operation codes (the console translates them). */
export const switchOperation = (mode: Kind, enabled: boolean): string =>
  `${enabled ? 'enable' : 'shutDown'}${mode === 'peakShaving' ? 'PeakShaving' : 'Island'}`;

/** Snapshot of a strategy as sent to the gateway (stored on the distribution record). */
export const strategySnapshot = (s: Pick<Strategy, 'kind' | 'name' | 'startDate' | 'endDate' | 'params'>): Record<string, unknown> => ({
  kind: s.kind,
  name: s.name,
  startDate: s.startDate,
  endDate: s.endDate,
  params: s.params,
});

export const loadDistribution = async (db: Queryable, distributionId: number): Promise<Distribution | null> => {
  const [row] = await db.query<DistributionRow>(`${distributionSql(true)} WHERE d.id=$1`, [distributionId]);
  return row ? toDistribution(row) : null;
};

/** Opens a pending (status 0) issuance record of a strategy; answers it as the catalogue shapes it. */
export const recordDistribution = async (db: Queryable, r: { strategy: Strategy; operatorId: number | null; at: Date }): Promise<Distribution> => {
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
export const ackDistribution = async (db: Queryable, distributionId: number, r: { ok: boolean; reason?: string | null; at: Date }): Promise<boolean> => {
  const status = r.ok ? 1 : 2;
  const [row] = await db.query<{ id: number }>('UPDATE strategy_distributions SET status=$2, reason=$3, acked_at=$4 WHERE id=$1 AND status=0 RETURNING id', [
    distributionId,
    status,
    r.ok ? null : (r.reason ?? null),
    r.at,
  ]);
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
