import { formatWall } from '../../protocol/site-time';
import { category, renderAlarm, ruleName, WORDS, type AlarmView, type Lang, type Rendered } from './messages';
import { fitSms } from './sms';

// What an escalated recipient reads: the alarm's notice headed by the tier and how long nobody
// has acknowledged it, in the schedule's language, times on the station's clock with its zone.

export interface Escalation {
  tier: number;
  afterMinutes: number;
  schedule: string;
}

const TEXT = {
  zh: {
    head: (tier: number) => `升级·第 ${tier} 级`,
    unacked: (min: number) => `${min} 分钟未确认`,
    line: (e: Escalation) => `值班升级：${e.schedule}，第 ${e.tier} 级（${e.afterMinutes > 0 ? `告警 ${e.afterMinutes} 分钟内无人确认` : '告警发生即通知'}）`,
  },
  en: {
    head: (tier: number) => `Escalated · tier ${tier}`,
    unacked: (min: number) => `unacknowledged for ${min} min`,
    line: (e: Escalation) =>
      `On-call escalation: ${e.schedule}, tier ${e.tier} (${e.afterMinutes > 0 ? `nobody acknowledged the alarm within ${e.afterMinutes} min` : 'told as soon as it was raised'})`,
  },
} as const;

/** Subject and body of an escalated notice. */
export const renderEscalated = (lang: Lang, e: Escalation, v: AlarmView): Rendered => {
  const t = TEXT[lang];
  const a = v.alarm;
  const raised = renderAlarm(lang, 'raised', v);
  return {
    // a first tier told at once has nothing to say about waiting
    subject: `[${t.head(e.tier)}] ${a.stationName} · ${a.deviceName ?? a.stationName} · ${ruleName(lang, a)}${e.afterMinutes > 0 ? ` · ${t.unacked(e.afterMinutes)}` : ''}`,
    text: `${t.line(e)}\n\n${raised.text}`,
  };
};

const SEP = { zh: ' · ', en: ' - ' } as const;

/** The SMS line of an escalated notice: the head, what, then how long and when (kept whole). */
export const smsEscalated = (lang: Lang, e: Escalation, v: AlarmView): string => {
  const a = v.alarm;
  const parts = [category(lang, a), a.stationName, a.deviceName ?? WORDS[lang].stationLevel, ruleName(lang, a)];
  const when = `${formatWall(v.zone, a.happenTime.getTime()).slice(5, 16)} (${v.zone})`;
  const waited = e.afterMinutes > 0 ? `${SEP[lang]}${TEXT[lang].unacked(e.afterMinutes)}` : '';
  return fitSms(`[${TEXT[lang].head(e.tier)}] ${parts.join(SEP[lang])}`, `${waited}${SEP[lang]}${when}`);
};
