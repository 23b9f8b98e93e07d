// Alarm texts in the reader's language. The server stores and pushes English (rule names from its
// catalogue, content composed from measured values); the console translates by rule code:
// the rule name from alarms:rules.<code>, the content from the template alarms:texts.<code> filled
// with the alarm's params (string values such as "standby" through alarms:values). Rule codes are
// data (a site may define its own), so these read the catalogue and fall back to the server's
// text when a rule or a placeholder is unknown (rules defined by a site, older alarms).
import { catalogueGroup, catalogueText } from '../i18n/lookup';

export function alarmRuleName(code: string | undefined, fallback: string): string {
  return (code && catalogueText('alarms', `rules.${code}`)) || fallback;
}

/** Rule codes whose name in the reader's language contains `keyword` (case-insensitive). */
export function ruleCodesNamed(keyword: string): string[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [];
  const names = catalogueGroup('alarms', 'rules');
  return Object.entries(names)
    .filter(([, name]) => name.toLowerCase().includes(k))
    .map(([code]) => code)
    .slice(0, 100);
}

export interface AlarmTextSource {
  alarmRuleCode: string;
  params: Record<string, unknown>;
  content: string;
  deviceName: string | null;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

export function alarmContent(a: AlarmTextSource): string {
  const values: Record<string, string | number> = { device: a.deviceName ?? '' };
  for (const [k, v] of Object.entries(a.params)) {
    if (typeof v === 'number' && Number.isFinite(v)) values[k] = v;
    else if (typeof v === 'string') values[k] = catalogueText('alarms', `values.${v}`) ?? v;
  }
  // the full template, else a brief one for alarms that record fewer figures (live rules)
  for (const group of ['texts', 'textsBrief']) {
    const tpl = catalogueText('alarms', `${group}.${a.alarmRuleCode}`);
    if (tpl && [...tpl.matchAll(PLACEHOLDER)].every((m) => m[1]! in values))
      return (catalogueText('alarms', `${group}.${a.alarmRuleCode}`, values) ?? tpl).trim();
  }
  return a.content;
}
