// The notify bench's receivers in a process of their own, so that parsing mail and checking
// signatures does not share a thread with the bench or a replica: one SMTP server and one webhook
// endpoint per recipient (each rule has its own signing secret). Every arrival is told to the
// parent with the time it was accepted; the parent's clock is the same machine's.
import { startHookSink, startMailSink, type HookSink } from '../server/notifications/receivers';

export type Arrival =
  { a: 'mail'; id: string; to: string; at: number } | { a: 'hook'; sink: number; id: string; type: string; alarmId: number | null; valid: boolean; at: number };
export type ToReceivers = { secret: { sink: number; value: string } } | { answerDelayMs: number } | 'stop';

const HOOKS = 2;
const tell = (m: unknown) => process.send!(m);

const mail = await startMailSink((m) =>
  tell({ a: 'mail', id: m.messageId ?? '', to: (Array.isArray(m.to) ? m.to[0]?.text : m.to?.text) ?? '', at: Date.now() } satisfies Arrival),
);
const secrets: string[] = Array.from({ length: HOOKS }, () => '');
const hooks: HookSink[] = [];
for (let i = 0; i < HOOKS; i++)
  hooks.push(
    await startHookSink(
      () => secrets[i]!,
      (h) => {
        const alarm = h.body.alarm as { alarmId?: number } | undefined;
        tell({
          a: 'hook',
          sink: i,
          id: h.eventId,
          type: h.body.type,
          alarmId: alarm?.alarmId ?? null,
          valid: h.signatureValid,
          at: Date.now(),
        } satisfies Arrival);
      },
    ),
  );
process.on('message', (m: ToReceivers) => {
  // the replicas' pooled SMTP connections would hold a graceful close open
  if (m === 'stop') process.exit(0);
  else if ('secret' in m) secrets[m.secret.sink] = m.secret.value;
  else for (const h of hooks) h.answerDelayMs = m.answerDelayMs;
});
tell({ ready: { smtpUrl: mail.url, hookUrls: hooks.map((h) => h.url) } });
