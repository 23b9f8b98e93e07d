// The scheduled-report form and its checks: at least one data item (SPEC §5 'Please Select Data
// Item'), a station for a site report, 1–20 recipients each an e-mail address. The server's
// field errors (`items`, `stationId`, `recipients.<i>`) land at the same fields.
import type { REPORT_CADENCES } from '../../../protocol/codes';
import type { FieldIssue } from '../../../protocol/envelope';
import type { SaveSchedule, Schedule } from '../../../streams/reports/schedules';
import { REPORT_ITEMS, type Granularity, type ReportItem, type ReportKind } from './form';

export type Cadence = (typeof REPORT_CADENCES)[number];
export const MAX_RECIPIENTS = 20;

export interface ScheduleForm {
  scheduleId: number | null;
  stationId: number | null;
  cadence: Cadence;
  granularity: Granularity;
  items: readonly ReportItem[];
  /** as typed: addresses separated by commas, semicolons, spaces or lines */
  recipients: string;
  enabled: boolean;
}

export type ScheduleField = 'items' | 'stationId' | 'recipients';
export const SCHEDULE_ERROR_CODES = ['selectDataItem', 'stationRequired', 'recipientsRequired', 'tooManyRecipients', 'invalidEmail'] as const;
export type ScheduleErrorCode = (typeof SCHEDULE_ERROR_CODES)[number];
export type ScheduleErrors = Partial<Record<ScheduleField, { code: ScheduleErrorCode; value?: string }>>;

// the shape the server accepts (zod's e-mail pattern is stricter; the server has the last word)
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

export const splitRecipients = (text: string): string[] => [...new Set(text.split(/[\s,;]+/).filter((s) => s.length > 0))];

export const newScheduleForm = (items: readonly ReportItem[], stationId: number | null): ScheduleForm => ({
  scheduleId: null,
  stationId,
  cadence: 'monthly',
  granularity: 'day',
  items,
  recipients: '',
  enabled: true,
});

const isItem = (s: string): s is ReportItem => (REPORT_ITEMS as readonly string[]).includes(s);

export const formOfSchedule = (s: Schedule): ScheduleForm => ({
  scheduleId: s.scheduleId,
  stationId: s.stationId,
  cadence: s.cadence,
  granularity: s.granularity,
  items: s.items.filter(isItem),
  recipients: s.recipients.join('\n'),
  enabled: s.enabled,
});

export function checkSchedule(kind: ReportKind, f: ScheduleForm): ScheduleErrors {
  const e: ScheduleErrors = {};
  if (f.items.length === 0) e.items = { code: 'selectDataItem' };
  if (kind === 'site' && f.stationId === null) e.stationId = { code: 'stationRequired' };
  const to = splitRecipients(f.recipients);
  const bad = to.find((a) => !EMAIL.test(a));
  if (to.length === 0) e.recipients = { code: 'recipientsRequired' };
  else if (bad !== undefined) e.recipients = { code: 'invalidEmail', value: bad };
  else if (to.length > MAX_RECIPIENTS) e.recipients = { code: 'tooManyRecipients' };
  return e;
}

export const saveRequestOf = (kind: ReportKind, f: ScheduleForm, orgId: number | undefined): SaveSchedule => ({
  ...(f.scheduleId !== null ? { scheduleId: f.scheduleId } : {}),
  report: kind,
  ...(kind === 'service' && orgId ? { orgId } : {}),
  ...(kind === 'site' && f.stationId !== null ? { stationId: f.stationId } : {}),
  granularity: f.granularity,
  cadence: f.cadence,
  items: [...f.items],
  recipients: splitRecipients(f.recipients),
  enabled: f.enabled,
});

/** The server's validation issues at the form's fields (`recipients.3` names the fourth address). */
export function serverScheduleErrors(issues: readonly FieldIssue[], f: ScheduleForm): ScheduleErrors {
  const e: ScheduleErrors = {};
  for (const i of issues) {
    const [field = '', index] = i.path.split('.');
    if (field === 'items' && !e.items) e.items = { code: 'selectDataItem' };
    else if (field === 'stationId' && !e.stationId) e.stationId = { code: 'stationRequired' };
    else if (field === 'recipients' && !e.recipients) {
      const value = index !== undefined ? splitRecipients(f.recipients)[Number(index)] : undefined;
      e.recipients =
        i.issue === 'tooBig' ? { code: 'tooManyRecipients' } : value !== undefined ? { code: 'invalidEmail', value } : { code: 'recipientsRequired' };
    }
  }
  return e;
}
