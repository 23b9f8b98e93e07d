import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// Real local receivers for the notification tests and benches: an SMTP server that keeps every
// message it accepted, and a webhook endpoint that checks each request's signature the way the
// docs tell a receiver to, answering with a status the test chooses.

export interface MailSink {
  url: string;
  mails: ParsedMail[];
  /** Resolves a moment after `n` messages have been parsed (the first parse of a process lags the server's 250), or after 3 s. */
  received(n: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** `onMail` is told of each message as it is accepted (a bench times the arrival). */
export const startMailSink = async (onMail?: (m: ParsedMail) => void): Promise<MailSink> => {
  const mails: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, done) => void simpleParser(stream).then((m) => (mails.push(m), onMail?.(m), done()), done),
  });
  // a sender killed mid-message resets its connection: that message was not accepted, the server goes on
  smtp.on('error', () => undefined);
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const { port } = smtp.server.address() as AddressInfo;
  const received = async (n: number) => {
    for (let t0 = Date.now(); mails.length < n && Date.now() - t0 < 3000;) await new Promise((r) => setTimeout(r, 10));
    // a moment more, so that one too many shows too
    await new Promise((r) => setTimeout(r, 50));
    return mails;
  };
  return { url: `smtp://127.0.0.1:${port}`, mails, received, close: () => new Promise<void>((r) => smtp.close(r)) };
};

export interface Hook {
  eventId: string;
  signatureValid: boolean;
  timestamp: string;
  body: Record<string, unknown> & { type: string };
}

export interface HookSink {
  url: string;
  hooks: Hook[];
  /** the status the endpoint answers (default 204) */
  status: number;
  /** how long it waits, with the request kept, before answering (default 0) */
  answerDelayMs: number;
  close(): Promise<void>;
}

/** The check docs/notifications.md gives receivers, written out independently of the signer. */
const verify = (secret: string, timestamp: string, raw: string, header: string): boolean => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`);
  const got = Buffer.from(header);
  return got.length === expected.length && timingSafeEqual(got, expected);
};

/** `onHook` is told of each request as it arrives, before the answer. */
export const startHookSink = async (secret: () => string, onHook?: (h: Hook) => void): Promise<HookSink> => {
  const sink: HookSink = { url: '', hooks: [], status: 204, answerDelayMs: 0, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(req.headers['x-timestamp'] ?? '');
      const hook: Hook = {
        eventId: String(req.headers['x-event-id'] ?? ''),
        signatureValid: verify(secret(), timestamp, raw, String(req.headers['x-signature'] ?? '')),
        timestamp,
        body: JSON.parse(raw) as Hook['body'],
      };
      sink.hooks.push(hook);
      onHook?.(hook);
      res.statusCode = sink.status;
      if (sink.answerDelayMs > 0) setTimeout(() => res.end(), sink.answerDelayMs);
      else res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  sink.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/ems`;
  sink.close = () => new Promise<void>((r) => server.close(() => r()));
  return sink;
};
