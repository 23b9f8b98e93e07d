import type { Db } from '../db/db';
import { auditOutcome } from '../strategies/dispatch-guard';
import { ackDistribution, ackSwitch } from '../strategies/records';

// The owner's side of commands (docs/deploy.md). The replica that handled the request sends the
// command and normally records the answer itself; when it is gone (or its recording failed), the
// station's owner closes the record: from the gateway's acknowledgement, whose command id names
// the record, or as failed once it is overdue. Closing is conditional on the record still being
// pending, so whichever replica gets there first records the outcome, once, with its audit row.

export type CommandRef = { kind: 'distribution' | 'switch'; id: number };

/** The record a command closes, from its body. */
export const refOfCommand = (cmd: { type: string; distributionId?: number; switchId?: number }): CommandRef | null =>
  cmd.type === 'strategy' && cmd.distributionId !== undefined
    ? { kind: 'distribution', id: cmd.distributionId }
    : cmd.type === 'mode' && cmd.switchId !== undefined
      ? { kind: 'switch', id: cmd.switchId }
      : null;

/** A command id naming its record (`d12.…`, `s7.…`), so any replica can close it from the ack. */
export const cmdIdFor = (ref: CommandRef | null, random: string): string => (ref ? `${ref.kind === 'distribution' ? 'd' : 's'}${ref.id}.${random}` : random);

export const refOfCmdId = (cmdId: string): CommandRef | null => {
  const m = /^([ds])([1-9]\d{0,11})\./.exec(cmdId);
  return m ? { kind: m[1] === 'd' ? 'distribution' : 'switch', id: Number(m[2]) } : null;
};

export interface Outcome {
  ok: boolean;
  reason: string | null;
  at: Date;
}

/** Closes a pending record with its audit row; answers the station when it was still pending. */
export const closeCommand = (db: Db, ref: CommandRef, r: Outcome): Promise<number | null> =>
  db.tx(async (q) => {
    if (ref.kind === 'distribution') {
      const [d] = await q.query<{ stationId: number; strategyId: number; operatorId: number | null }>(
        'SELECT station_id AS "stationId", strategy_id AS "strategyId", operator_id AS "operatorId" FROM strategy_distributions WHERE id = $1 AND status = 0',
        [ref.id],
      );
      if (!d || !(await ackDistribution(q, ref.id, r))) return null;
      if (d.operatorId !== null)
        await auditOutcome(q, d.operatorId, 'issueStrategyResult', `strategy:${d.strategyId}`, { distributionId: ref.id, stationId: d.stationId }, r);
      return d.stationId;
    }
    const [s] = await q.query<{ stationId: number; operation: string; operatorId: number | null }>(
      'SELECT station_id AS "stationId", operation, operator_id AS "operatorId" FROM switch_records WHERE id = $1 AND status = 0',
      [ref.id],
    );
    if (!s || !(await ackSwitch(q, ref.id, r))) return null;
    if (s.operatorId !== null) {
      const mode = s.operation.endsWith('PeakShaving') ? 'peakShaving' : 'island';
      await auditOutcome(
        q,
        s.operatorId,
        'setControlModeResult',
        `station:${s.stationId}`,
        { mode, enabled: s.operation.startsWith('enable'), recordId: ref.id },
        r,
      );
    }
    return s.stationId;
  });

/** Pending records of these stations issued before `before`. */
export const overdueCommands = async (db: Db, stationIds: readonly number[], before: Date): Promise<CommandRef[]> => {
  if (stationIds.length === 0) return [];
  const d = await db.query<{ id: number }>('SELECT id FROM strategy_distributions WHERE status = 0 AND station_id = ANY($1::int[]) AND issued_at < $2', [
    stationIds,
    before,
  ]);
  const s = await db.query<{ id: number }>('SELECT id FROM switch_records WHERE status = 0 AND station_id = ANY($1::int[]) AND at < $2', [stationIds, before]);
  return [...d.map((x) => ({ kind: 'distribution' as const, id: x.id })), ...s.map((x) => ({ kind: 'switch' as const, id: x.id }))];
};
