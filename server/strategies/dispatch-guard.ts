import type { Queryable } from '../db/db';
import { ActionError } from '../api/errors';

// Safety of commands to a station's gateway (docs/strategies.md): one command at a time per
// station, and the outcome of every command in the audit trail next to the request.

/**
 * Locks the station row and refuses while a strategy issuance or a mode switch of the station
 * still waits for the gateway: `conflict` with `reason` 'dispatchPending' (a strategy) or
 * 'switchPending' (a mode switch) and the pending record's id. Call inside the transaction that
 * opens the new record, so two clicks cannot both pass.
 */
export const refuseWhilePending = async (q: Queryable, stationId: number): Promise<void> => {
  await q.query('SELECT id FROM stations WHERE id = $1 FOR UPDATE', [stationId]);
  const [d] = await q.query<{ id: number }>('SELECT id FROM strategy_distributions WHERE station_id = $1 AND status = 0 LIMIT 1', [stationId]);
  if (d) throw new ActionError('conflict', { reason: 'dispatchPending', distributionId: d.id });
  const [s] = await q.query<{ id: number }>('SELECT id FROM switch_records WHERE station_id = $1 AND status = 0 LIMIT 1', [stationId]);
  if (s) throw new ActionError('conflict', { reason: 'switchPending', recordId: s.id });
};

export interface CommandOutcome {
  ok: boolean;
  reason: string | null;
  at: Date;
}

/** The gateway's answer to a command, audited under the operator who sent it. */
export const auditOutcome = async (
  q: Queryable,
  operatorId: number,
  action: 'issueStrategyResult' | 'setControlModeResult',
  target: string,
  detail: Record<string, unknown>,
  r: CommandOutcome,
): Promise<void> => {
  await q.query(
    'INSERT INTO audit_log(at, account_id, org_id, action, target, outcome, detail) VALUES ($1,$2,(SELECT org_id FROM accounts WHERE id = $2),$3,$4,$5,$6)',
    [r.at, operatorId, action, target, r.ok ? 'ok' : 'failed', JSON.stringify({ ...detail, reason: r.reason })],
  );
};
