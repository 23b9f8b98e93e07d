import { randomBytes } from 'node:crypto';
import type { GatewayReason } from '../../protocol/codes';
import { gwTopic, type GatewayCommand } from '../../protocol/fleet';
import type { PushBroker } from '../broker/types';
import type { Config } from '../config';
import { cmdIdFor, refOfCommand } from './command-records';

// Commands this process sent to gateways and waits on: each ends once, with the gateway's
// acknowledgement, a failure to deliver, COMMAND_TIMEOUT_MS without an answer, or the shutdown.

export interface AckResult {
  ok: boolean;
  reason: string | null;
  at: Date;
}

/** A command without its id (the channel assigns one). */
export type CommandBody = GatewayCommand extends infer C ? (C extends GatewayCommand ? Omit<C, 'cmdId'> : never) : never;

interface Pending {
  stationId: number;
  finish: (r: AckResult) => void;
}

export interface CommandChannelDeps {
  /** ms since epoch */
  clock: () => number;
  broker: PushBroker;
  config: Pick<Config, 'commandTimeoutMs'>;
  log: { warn(o: object, m: string): void };
}

export class CommandChannel {
  private readonly pending = new Map<string, Pending>();
  private readonly settling = new Set<Promise<void>>();

  constructor(private readonly s: CommandChannelDeps) {}

  private failure(reason: GatewayReason): AckResult {
    return { ok: false, reason, at: new Date(this.s.clock()) };
  }

  /**
   * Sends a command to a station's gateway; `onDone` runs once with the acknowledgement or, after
   * COMMAND_TIMEOUT_MS, with a failure. Publish only after the caller's records are committed.
   */
  dispatch(stationId: number, cmd: CommandBody, onDone: (r: AckResult) => Promise<void>): string {
    const cmdId = cmdIdFor(refOfCommand(cmd), randomBytes(8).toString('hex'));
    const p = new Promise<void>((resolve) => {
      let finished = false;
      const finish = (r: AckResult) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        this.pending.delete(cmdId);
        onDone(r)
          .catch((e: unknown) => this.s.log.warn({ err: String(e), cmdId }, 'recording a command result failed'))
          .finally(resolve);
      };
      const timer = setTimeout(() => finish(this.failure('ackTimeout')), this.s.config.commandTimeoutMs);
      timer.unref();
      this.pending.set(cmdId, { stationId, finish });
    });
    this.settling.add(p);
    void p.finally(() => this.settling.delete(p));
    this.s.broker.publish(gwTopic(stationId, 'cmd'), JSON.stringify({ ...cmd, cmdId })).catch((e: unknown) => {
      this.s.log.warn({ err: String(e), cmdId }, 'command not delivered');
      this.pending.get(cmdId)?.finish(this.failure('notDelivered'));
    });
    return cmdId;
  }

  /**
   * A gateway's acknowledgement: ends the command when this process sent it to that station.
   * False when the command is not one of ours (another replica, or before a restart).
   */
  acknowledged(stationId: number, cmdId: string, r: AckResult): boolean {
    const p = this.pending.get(cmdId);
    if (p && p.stationId === stationId) p.finish(r);
    return p !== undefined;
  }

  /** Waits until every dispatched command has its result recorded (tests). */
  async settled(): Promise<void> {
    while (this.settling.size > 0) await Promise.all([...this.settling]);
  }

  /** Shutdown: every command still waiting fails, and its result is recorded. */
  async close(): Promise<void> {
    for (const p of [...this.pending.values()]) p.finish(this.failure('serverShutdown'));
    await this.settled();
  }
}
