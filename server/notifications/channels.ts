import { createHmac } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Rendered } from './messages';
import { sendPush, type PushMessage } from './push';
import { sendSms, type SmsGateway, type SmsMessage } from './sms';
import type { Vapid } from './vapid';

// The channels a delivery goes out on. Each answers only when the receiver has taken the message
// (the SMTP server accepted it; the webhook or SMS gateway answered 2xx) and throws otherwise, so the outbox
// records the reason and tries again later.

export interface EmailMessage extends Rendered {
  to: string;
  /** stable per delivery: a mail client shows a redelivery as the same message */
  messageId: string;
}

export interface WebhookMessage {
  url: string;
  secret: string;
  /** stable per delivery: a receiver drops a redelivery by it */
  eventId: string;
  body: Record<string, unknown>;
}

export interface Channels {
  email(m: EmailMessage): Promise<void>;
  webhook(m: WebhookMessage): Promise<void>;
  /** one browser; throws PushGone when the push service says the subscription is gone */
  push(m: PushMessage, vapid: Vapid): Promise<void>;
  sms(m: SmsMessage): Promise<void>;
  /** closes kept-open connections (shutdown) */
  close?(): void;
}

/** `sha256=<hex>` of HMAC-SHA256 over `<timestamp>.<body>` with the endpoint's secret. */
export const signWebhook = (secret: string, timestamp: string, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

export interface ChannelOptions {
  /** SMTP_URL; without it e-mail deliveries fail with that reason (and end dead) */
  smtpUrl?: string;
  from: string;
  webhookTimeoutMs: number;
  /** SMS_GATEWAY_*; without it an SMS delivery fails with that reason (and ends dead) */
  sms?: SmsGateway;
  clock: () => number;
}

/** Connections are kept open and reused (at most 5 at once): an alarm storm is many messages to one
 *  server, and a new connection's greeting, EHLO and TLS cost more than the message. An explicit
 *  `pool=` in SMTP_URL wins. */
const pooled = (url: string) => (/[?&]pool=/.test(url) ? url : `${url}${url.includes('?') ? '&' : '?'}pool=true`);

export const createChannels = (o: ChannelOptions): Channels => {
  let mailer: Transporter | null = null;
  return {
    async email(m) {
      if (!o.smtpUrl) throw new Error('e-mail is not configured (SMTP_URL is not set)');
      mailer ??= nodemailer.createTransport(pooled(o.smtpUrl));
      await mailer.sendMail({ from: o.from, to: m.to, subject: m.subject, text: m.text, messageId: m.messageId });
    },
    async webhook(m) {
      const body = JSON.stringify({ eventId: m.eventId, ...m.body });
      const timestamp = String(Math.floor(o.clock() / 1000));
      const res = await fetch(m.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'ems-notifications/1',
          'x-event-id': m.eventId,
          'x-timestamp': timestamp,
          'x-signature': signWebhook(m.secret, timestamp, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(o.webhookTimeoutMs),
      });
      await res.body?.cancel().catch(() => undefined);
      if (res.status < 200 || res.status > 299) throw new Error(`the webhook answered HTTP ${res.status}`);
    },
    push: (m, vapid) => sendPush(vapid, m, o.webhookTimeoutMs),
    async sms(m) {
      if (!o.sms) throw new Error('SMS is not configured (SMS_GATEWAY_URL is not set)');
      await sendSms(o.sms, m, o.webhookTimeoutMs);
    },
    close() {
      mailer?.close();
      mailer = null;
    },
  };
};
