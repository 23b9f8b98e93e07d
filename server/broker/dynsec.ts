// A small client for Mosquitto's dynamic-security plugin: JSON commands on
// $CONTROL/dynamic-security/v1, answers on …/v1/response, matched by correlationData.
// https://mosquitto.org/documentation/dynamic-security/
import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';

export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
export const DYNSEC_RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;

export type DynsecCommand = { command: string } & Record<string, unknown>;
export interface DynsecResponse {
  command: string;
  error?: string;
  data?: Record<string, unknown>;
  correlationData?: string;
}

export class DynsecError extends Error {
  constructor(
    readonly command: string,
    readonly error: string,
  ) {
    super(`dynsec ${command}: ${error}`);
  }
}

interface Pending {
  commands: DynsecCommand[];
  answers: (DynsecResponse | undefined)[];
  left: number;
  resolve: (r: DynsecResponse[]) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Sends command batches and resolves with one response per command (errors are returned, not
 * thrown, so callers can treat "already exists" / "not found" as success). Batches still
 * unanswered when the connection drops are sent again after the reconnect: every command this
 * server sends is idempotent in effect. Note that changing the roles of a connected client
 * (including the admin itself) makes Mosquitto disconnect it.
 */
export class Dynsec {
  private readonly pending = new Map<string, Pending>();
  private readonly prefix = randomBytes(6).toString('hex');
  private seq = 0;
  private closed = false;

  constructor(
    private readonly client: MqttClient,
    private readonly timeoutMs = 10_000,
  ) {
    client.on('message', this.onMessage);
    client.on('connect', this.onReconnect);
  }

  async start(): Promise<void> {
    await this.client.subscribeAsync(DYNSEC_RESPONSE_TOPIC, { qos: 1 });
  }

  /** One batch; rejects only on timeout or when closed. */
  run(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    if (this.closed) return Promise.reject(new Error('dynsec client closed'));
    if (commands.length === 0) return Promise.resolve([]);
    const id = `${this.prefix}-${++this.seq}`;
    const tagged = commands.map((c, i) => ({ ...c, correlationData: `${id}:${i}` }));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`dynsec: no answer to ${commands.map((c) => c.command).join(',')} within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      timer.unref();
      this.pending.set(id, { commands: tagged, answers: tagged.map(() => undefined), left: tagged.length, resolve, reject, timer });
      this.send(tagged);
    });
  }

  /** One command; throws DynsecError unless it succeeded or failed with one of `ok`. */
  async one(command: DynsecCommand, ok: string[] = []): Promise<DynsecResponse> {
    const [r] = await this.run([command]);
    if (r!.error && !ok.includes(r!.error)) throw new DynsecError(command.command, r!.error);
    return r!;
  }

  close(): void {
    this.closed = true;
    this.client.off('message', this.onMessage);
    this.client.off('connect', this.onReconnect);
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new Error('dynsec client closed'));
    }
    this.pending.clear();
  }

  private send(commands: DynsecCommand[]): void {
    if (!this.client.connected) return; // sent again on reconnect
    this.client.publish(DYNSEC_TOPIC, JSON.stringify({ commands }), { qos: 1 }, () => undefined);
  }

  private readonly onReconnect = (): void => {
    if (this.closed) return;
    // clean session: make sure the response subscription is in place before resending
    this.client.subscribe(DYNSEC_RESPONSE_TOPIC, { qos: 1 }, () => {
      for (const p of this.pending.values()) {
        const unanswered = p.commands.filter((_, i) => p.answers[i] === undefined);
        if (unanswered.length) this.send(unanswered);
      }
    });
  };

  private readonly onMessage = (topic: string, payload: Buffer): void => {
    if (topic !== DYNSEC_RESPONSE_TOPIC) return;
    let body: { responses?: DynsecResponse[] };
    try {
      body = JSON.parse(payload.toString('utf8')) as { responses?: DynsecResponse[] };
    } catch {
      return;
    }
    for (const r of body.responses ?? []) {
      const cd = typeof r.correlationData === 'string' ? r.correlationData : '';
      const cut = cd.lastIndexOf(':');
      const p = cut > 0 ? this.pending.get(cd.slice(0, cut)) : undefined;
      if (!p) continue; // another server's answer, or a late one
      const i = Number(cd.slice(cut + 1));
      if (!(i >= 0 && i < p.answers.length) || p.answers[i] !== undefined) continue;
      p.answers[i] = r;
      if (--p.left === 0) {
        clearTimeout(p.timer);
        this.pending.delete(cd.slice(0, cut));
        p.resolve(p.answers as DynsecResponse[]);
      }
    }
  };
}
