// SMS through an HTTP gateway the operator names (docs/notifications.md, "SMS"): no vendor is
// built in. The body is the operator's JSON template with `{{to}}`, `{{text}}` and `{{id}}`
// filled in, each value JSON-escaped, so a quote or a newline in a station's name cannot break
// the JSON or add a field.

export interface SmsGateway {
  url: string;
  /** a JSON body with placeholders */
  template: string;
  /** the Authorization header's value */
  auth?: string;
}

export interface SmsMessage {
  /** E.164-like: + and 6–15 digits */
  to: string;
  text: string;
  /** stable per delivery: a gateway drops a redelivery by it */
  id: string;
}

export const DEFAULT_SMS_TEMPLATE = '{"to":"{{to}}","text":"{{text}}","id":"{{id}}"}';

/** The template with each placeholder replaced by its value, escaped as inside a JSON string. */
export const fillTemplate = (template: string, m: SmsMessage): string =>
  template.replace(/\{\{(to|text|id)\}\}/g, (_all, name: keyof SmsMessage) => JSON.stringify(m[name]).slice(1, -1));

/** Why a template cannot be used (it is not JSON once filled in), or null. */
export const templateProblem = (template: string): string | null => {
  if (!template.includes('{{text}}')) return 'the template has no {{text}} placeholder';
  try {
    JSON.parse(fillTemplate(template, { to: '+8613800000000', text: 'a "quoted"\ntext', id: 'ntf_1' }));
    return null;
  } catch (e) {
    return `not JSON once filled in (${e instanceof Error ? e.message : String(e)})`;
  }
};

/** Posts one message; answers when the gateway said 2xx, throws its status and the start of its answer otherwise. */
export const sendSms = async (g: SmsGateway, m: SmsMessage, timeoutMs: number): Promise<void> => {
  const res = await fetch(g.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'ems-notifications/1',
      ...(g.auth ? { authorization: g.auth } : {}),
    },
    body: fillTemplate(g.template, m),
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (res.status >= 200 && res.status <= 299) {
    await res.body?.cancel().catch(() => undefined);
    return;
  }
  const answer = (await res.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
  throw new Error(`the SMS gateway answered HTTP ${res.status}${answer ? `: ${answer}` : ''}`);
};

// One SMS segment: 160 characters of the GSM alphabet, 70 when any character needs UCS-2
// (Chinese does). Anything beyond basic Latin counts as UCS-2: a few accented letters would fit
// GSM, but a cut a little early costs nothing. A Latin text ends with "..." rather than "…",
// which alone would make it UCS-2.
const wide = (s: string) => /[^\u0000-\u007f]/.test(s);

const CJK = /[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** Where a cut of `head` (followed by `next`) ends on a word boundary: before a space, or next to a
 *  Chinese character (Chinese has no spaces: any character boundary is one); in its later half, else anywhere. */
const wordEnd = (head: string[], next: string | undefined): number => {
  for (let i = head.length; i >= head.length / 2; i--) {
    const after = i === head.length ? next : head[i];
    if (after === undefined || after === ' ' || CJK.test(after) || (i > 0 && CJK.test(head[i - 1]!))) return i;
  }
  return head.length;
};

/**
 * The text on one line, cut to one segment on a word boundary where there is one, with an
 * ellipsis. `tail` (the time) is kept whole after the cut: without it a text says nothing of when.
 */
export const fitSms = (text: string, tail = ''): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  const end = tail.replace(/\s+/g, ' ');
  const w = wide(line + end);
  const [max, ellipsis] = w ? [70, '…'] : [160, '...'];
  const chars = [...line];
  const room = max - [...end].length;
  if (chars.length <= room) return line + end;
  const head = chars.slice(0, Math.max(0, room - ellipsis.length));
  const cut = head.slice(0, wordEnd(head, chars[head.length])).join('');
  return `${cut.replace(/[\s·,;:|-]+$/, '')}${ellipsis}${end}`;
};
