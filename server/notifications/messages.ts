import enAlarms from '../../locales/en/alarms.json';
import zhAlarms from '../../locales/zh/alarms.json';
import { formatWall } from '../../protocol/site-time';
import type { AlarmRow } from '../alarms/store';
import { ruleNameOf } from '../alarms/store';

// What a recipient reads, in the language of the rule (the console's language when it was saved):
// the station, the device, the alarm and its time on the station's clock, with the zone named,
// because the recipient may be elsewhere. Rule and category names are the console's own.

export type Lang = 'zh' | 'en';
export const langOf = (locale: string): Lang => (locale.toLowerCase().startsWith('zh') ? 'zh' : 'en');

export type MessageKind = 'raised' | 'cleared' | 'acked' | 'test';

export interface Rendered {
  subject: string;
  text: string;
}

export interface AlarmView {
  alarm: AlarmRow;
  /** the station's zone */
  zone: string;
  /** device alarms this (gateway) alarm stands for */
  suppressed?: number;
}

const CATALOGUE = { zh: zhAlarms, en: enAlarms } as const;

export const ruleName = (lang: Lang, a: AlarmRow): string => (CATALOGUE[lang].rules as Record<string, string>)[a.ruleCode] ?? ruleNameOf(a.ruleCode, a.params);
export const category = (lang: Lang, a: AlarmRow): string => (CATALOGUE[lang].category as Record<string, string>)[a.category] ?? a.category;
const when = (zone: string, d: Date) => `${formatWall(zone, d.getTime())} (${zone})`;

export const WORDS = {
  zh: {
    raised: '告警',
    cleared: '已恢复',
    acked: '已确认',
    test: '测试通知',
    station: '站点',
    device: '设备',
    alarm: '告警',
    category: '级别',
    time: '发生时间',
    recovered: '恢复时间',
    content: '内容',
    ackedBy: '确认人',
    stationLevel: '站点本身',
    suppressed: (n: number) => `${n} 条设备告警已合并`,
    testText: '这是一条测试通知：此渠道可以收到告警。',
    digest: (n: number) => `${n} 条告警`,
  },
  en: {
    raised: 'Alarm',
    cleared: 'Cleared',
    acked: 'Acknowledged',
    test: 'Test notification',
    station: 'Site',
    device: 'Device',
    alarm: 'Alarm',
    category: 'Category',
    time: 'Raised at',
    recovered: 'Cleared at',
    content: 'Details',
    ackedBy: 'Acknowledged by',
    stationLevel: 'the site itself',
    suppressed: (n: number) => `${n} device alarm${n === 1 ? '' : 's'} suppressed`,
    testText: 'This is a test notification: alarms can reach you on this channel.',
    digest: (n: number) => `${n} alarm${n === 1 ? '' : 's'}`,
  },
} as const;

/** Subject and body of one alarm's notice. */
export const renderAlarm = (lang: Lang, kind: Exclude<MessageKind, 'test'>, v: AlarmView): Rendered => {
  const w = WORDS[lang];
  const a = v.alarm;
  const device = a.deviceName ?? w.stationLevel;
  const storm = v.suppressed ? ` · ${w.suppressed(v.suppressed)}` : '';
  const subject = `[${w[kind]}] ${a.stationName} · ${a.deviceName ?? a.stationName} · ${ruleName(lang, a)}${storm}`;
  const lines = [
    `${w.station}: ${a.stationName}`,
    `${w.device}: ${device}`,
    `${w.alarm}: ${ruleName(lang, a)}`,
    `${w.category}: ${category(lang, a)}`,
    `${w.time}: ${when(v.zone, a.happenTime)}`,
  ];
  if (a.recoveryTime) lines.push(`${w.recovered}: ${when(v.zone, a.recoveryTime)}`);
  if (kind === 'acked' && a.ackedBy) lines.push(`${w.ackedBy}: ${a.ackedBy}${a.ackNote ? ` (${a.ackNote})` : ''}`);
  if (a.content) lines.push(`${w.content}: ${a.content}`);
  if (v.suppressed) lines.push('', w.suppressed(v.suppressed));
  return { subject, text: `${lines.join('\n')}\n` };
};

/** One message for the alarms of a digest window, oldest first. */
export const renderDigest = (lang: Lang, views: AlarmView[]): Rendered => {
  const w = WORDS[lang];
  const stations = [...new Set(views.map((v) => v.alarm.stationName))];
  const subject = `[${w.raised}] ${w.digest(views.length)} · ${stations.slice(0, 3).join(', ')}${stations.length > 3 ? ' …' : ''}`;
  const lines = views.map(
    ({ alarm: a, zone }) =>
      `${when(zone, a.happenTime)}  ${a.stationName} · ${a.deviceName ?? w.stationLevel} · ${ruleName(lang, a)} (${category(lang, a)})${a.status === 2 ? ` · ${w.cleared}` : ''}`,
  );
  return { subject, text: `${lines.join('\n')}\n` };
};

export const renderTest = (lang: Lang, ruleName: string): Rendered => ({
  subject: `[${WORDS[lang].test}] ${ruleName}`,
  text: `${WORDS[lang].testText}\n`,
});
