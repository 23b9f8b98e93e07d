import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/db';
import type { Registry } from '../registry';
import { createChannels, type Channels } from './channels';
import { addressOf, planEvents } from './planner';
import { sweepEscalations } from './escalation';
import { sendDue, sendNow } from './sender';
import type { RuleRow } from './rules';
import type { Channel } from './outbox';
import type { SmsGateway } from './sms';
import { vapidKeys, type Vapid } from './vapid';
import { NOTIFY_DEFAULTS, type NotifyOptions } from './options';

// Alarm notifications as a background job of every replica: each poll plans the alarm changes
// waiting (planner.ts) and sends what is due (sender.ts). Every replica polls; the outbox's
// claims share the work out, so no leader is needed and a replica that dies costs one lease.

export interface NotificationDeps {
  db: Db;
  registry: Registry;
  clock: () => number;
  log: { warn(o: object, m: string): void };
  smtpUrl?: string;
  mailFrom: string;
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (else made once and kept in the database) and VAPID_SUBJECT */
  vapid?: { publicKey?: string; privateKey?: string; subject: string };
  /** SMS_GATEWAY_URL / _TEMPLATE / _AUTH; unset: no SMS channel */
  sms?: SmsGateway;
  /** tests may hand in their own */
  channels?: Channels;
}

export interface TestResult {
  channel: Channel;
  address: string;
  outcome: 'sent' | 'failed';
  error: string | null;
}

const NO_ADDRESS: Record<Channel, string> = { email: 'no e-mail address', webhook: 'no webhook URL', sms: 'no mobile number', push: 'no browser' };

export class Notifications {
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  readonly channels: Channels;
  private readonly opts: NotifyOptions;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<{ planned: number; claimed: number }> | null = null;
  errors = 0;
  private vapidKeys: Promise<Vapid> | null = null;

  constructor(
    private readonly deps: NotificationDeps,
    opts: Partial<NotifyOptions> = {},
  ) {
    this.opts = { ...NOTIFY_DEFAULTS, ...opts };
    this.channels =
      deps.channels ??
      createChannels({ smtpUrl: deps.smtpUrl, from: deps.mailFrom, webhookTimeoutMs: this.opts.webhookTimeoutMs, sms: deps.sms, clock: deps.clock });
  }

  /** Whether SMS_GATEWAY_URL is set: rules may ask for SMS only then. */
  get smsAvailable(): boolean {
    return this.deps.sms !== undefined;
  }

  /** The VAPID key pair, read (or made and stored) once per process. */
  readonly vapid = (): Promise<Vapid> => {
    this.vapidKeys ??= vapidKeys(this.deps.db, this.deps.clock(), this.deps.vapid ?? { subject: 'mailto:no-reply@ems.example' }).catch((e: unknown) => {
      this.vapidKeys = null;
      throw e;
    });
    return this.vapidKeys;
  };

  private get senderDeps() {
    const { db, registry, clock } = this.deps;
    const { leaseMs, maxAttempts, stormGraceMs, backoff } = this.opts;
    return { db, registry, clock, channels: this.channels, owner: this.owner, leaseMs, maxAttempts, stormGraceMs, backoff, vapid: this.vapid };
  }

  start(): void {
    if (this.opts.pollMs <= 0 || this.timer) return;
    this.timer = setInterval(
      () =>
        void this.tick().catch((e: unknown) => {
          this.errors++;
          this.deps.log.warn({ err: String(e) }, 'notification poll failed; the next poll tries again');
        }),
      this.opts.pollMs,
    );
    this.timer.unref();
  }

  /** Plans every waiting alarm change, then sends what is due. Overlapping calls share one pass. */
  tick(): Promise<{ planned: number; claimed: number }> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass() {
    let planned = 0;
    let claimed = 0;
    // plan and send in turns until neither finds work: changes that arrive while a batch is being
    // sent are planned right after it, not a poll later
    for (let rounds = 0; rounds < 100; rounds++) {
      const p = await planEvents({
        ...this.deps,
        stormGraceMs: this.opts.stormGraceMs,
        flap: { count: this.opts.flapCount ?? 3, minutes: this.opts.flapMinutes ?? 10 },
      });
      // unacknowledged alarms whose next on-call tier is due (escalation.ts)
      const e = await sweepEscalations({ ...this.deps, stormGraceMs: this.opts.stormGraceMs });
      const c = await sendDue(this.senderDeps);
      planned += p + e;
      claimed += c;
      if (p === 0 && e === 0 && c === 0) break;
    }
    return { planned, claimed };
  }

  /** A test message on every channel of `rule`, now, recorded in the delivery log like any other. */
  async test(rule: RuleRow, recipient: { accountId: number; name: string; email: string | null; mobile: string | null }): Promise<TestResult[]> {
    const out: TestResult[] = [];
    for (const channel of rule.channels) {
      const address = addressOf(rule, channel, recipient);
      if (!address) {
        out.push({ channel, address: '', outcome: 'failed', error: NO_ADDRESS[channel] });
        continue;
      }
      const r = await sendNow(this.senderDeps, { ruleId: rule.ruleId, accountId: recipient.accountId, recipient: recipient.name, channel, address });
      out.push({ channel, address, outcome: r.status === 'sent' ? 'sent' : 'failed', error: r.status === 'sent' ? null : r.error });
    }
    return out;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
    this.channels.close?.();
  }
}
