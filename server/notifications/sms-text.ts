import { formatWall } from '../../protocol/site-time';
import { category, ruleName, WORDS, type AlarmView, type Lang, type MessageKind } from './messages';
import { fitSms } from './sms';

// The one line an SMS carries, in the rule's language: what happened (category, station, device,
// alarm) and when on the station's clock, its zone named, cut to one segment (sms.ts). The year
// and seconds are left out: a text is read within minutes, and Chinese has only 70 characters.

const SEP = { zh: ' · ', en: ' - ' } as const;
const when = (zone: string, d: Date) => `${formatWall(zone, d.getTime()).slice(5, 16)} (${zone})`;

/** The SMS text of one alarm's notice. */
export const smsAlarm = (lang: Lang, kind: Exclude<MessageKind, 'test'>, v: AlarmView): string => {
  const w = WORDS[lang];
  const a = v.alarm;
  const at = kind === 'cleared' && a.recoveryTime ? a.recoveryTime : a.happenTime;
  const parts = [category(lang, a), a.stationName, a.deviceName ?? w.stationLevel, ruleName(lang, a)];
  // the time and a storm's count are kept whole when the names must be cut
  const tail = [when(v.zone, at), ...(v.suppressed ? [w.suppressed(v.suppressed)] : [])];
  return fitSms(`[${w[kind]}] ${parts.join(SEP[lang])}`, `${SEP[lang]}${tail.join(SEP[lang])}`);
};

/** The SMS text of a digest: the count, then each alarm (oldest first) as far as it fits. */
export const smsDigest = (lang: Lang, views: AlarmView[]): string => {
  const w = WORDS[lang];
  const first = views[0];
  const head = `[${w.raised}] ${w.digest(views.length)}${first ? `, ${when(first.zone, first.alarm.happenTime)}` : ''}:`;
  const items = views.map(({ alarm: a }) => `${a.stationName}${SEP[lang]}${a.deviceName ?? w.stationLevel}${SEP[lang]}${ruleName(lang, a)}`);
  return fitSms(`${head} ${items.join('; ')}`);
};

export const smsTest = (lang: Lang, name: string): string => fitSms(`[${WORDS[lang].test}] ${name}: ${WORDS[lang].testText}`);
