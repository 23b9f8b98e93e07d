import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  text: string;
  at: Date;
}

/**
 * Where verification codes go. By default an outbox: each message is written to the server
 * log (operators read it there) and kept in memory (tests read it). With SMTP_URL, e-mail is
 * also sent through SMTP. SMS has no gateway here; plug one in by implementing `deliver`.
 */
export class Outbox {
  readonly messages: OutgoingMessage[] = [];
  private readonly mailer: Transporter | null;

  constructor(
    private readonly log: FastifyBaseLogger,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.mailer = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  async deliver(m: Omit<OutgoingMessage, 'at'>): Promise<void> {
    const msg = { ...m, at: new Date() };
    this.messages.push(msg);
    if (this.messages.length > 1000) this.messages.shift();
    this.log.info({ outbox: { channel: m.channel, to: m.to, subject: m.subject, text: m.text } }, 'outbox message');
    if (m.channel === 'email' && this.mailer) await this.mailer.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text });
  }

  /** Latest message to an address (tests and the operator's log reading). */
  latestTo(to: string): OutgoingMessage | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--) if (this.messages[i]!.to === to) return this.messages[i];
    return undefined;
  }
}
