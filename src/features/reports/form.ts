// The report form and its checks: start and end dates required, at least one data item (SPEC §5
// 'Please Select Data Item'), a station for the site report. The server's field errors land at
// the same fields (`items`, `from`, `to`, `stationId`).
import type { FieldIssue } from '../../../protocol/envelope';
import { REPORT_ITEMS, type REPORT_GRANULARITIES, type REPORT_KINDS, type ReportItem } from '../../../protocol/codes';
import type { ReportRequest } from '../../../streams/reports/commands';

export type ReportKind = (typeof REPORT_KINDS)[number];
export type Granularity = (typeof REPORT_GRANULARITIES)[number];
export { REPORT_ITEMS, type ReportItem };

export interface ReportForm {
  from: string;
  to: string;
  granularity: Granularity;
  items: readonly ReportItem[];
  stationId: number | null;
}

export type FormField = 'from' | 'to' | 'items' | 'stationId';
export const FORM_ERROR_CODES = ['selectDataItem', 'fromRequired', 'toRequired', 'stationRequired', 'timeError', 'rangeTooLong', 'failed'] as const;
export type FormErrorCode = (typeof FORM_ERROR_CODES)[number];
export interface FormError {
  code: FormErrorCode;
  limit?: number | string;
}
export type FormErrors = Partial<Record<FormField, FormError>>;

const DEFAULT_ITEMS: readonly ReportItem[] = ['pvKwh', 'loadKwh', 'gridImportKwh', 'gridExportKwh', 'income'];

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** This month so far, by day. */
export function defaultForm(now: number): ReportForm {
  const d = new Date(now);
  return { from: localDate(new Date(d.getFullYear(), d.getMonth(), 1)), to: localDate(d), granularity: 'day', items: DEFAULT_ITEMS, stationId: null };
}

export function checkForm(kind: ReportKind, f: ReportForm): FormErrors {
  const e: FormErrors = {};
  if (!f.from) e.from = { code: 'fromRequired' };
  if (!f.to) e.to = { code: 'toRequired' };
  if (f.items.length === 0) e.items = { code: 'selectDataItem' };
  if (kind === 'site' && f.stationId === null) e.stationId = { code: 'stationRequired' };
  return e;
}

export function requestOf(kind: ReportKind, f: ReportForm, orgId: number | undefined): ReportRequest {
  return {
    ...(kind === 'service' && orgId ? { orgId } : {}),
    ...(kind === 'site' && f.stationId !== null ? { stationId: f.stationId } : {}),
    granularity: f.granularity,
    from: f.from,
    to: f.to,
    items: [...f.items],
  };
}

const FIELDS: readonly FormField[] = ['from', 'to', 'items', 'stationId'];
const isField = (s: string): s is FormField => (FIELDS as readonly string[]).includes(s);

/** The server's validation issues at the form's fields. */
export function serverErrors(issues: readonly FieldIssue[]): FormErrors {
  const e: FormErrors = {};
  for (const i of issues) {
    const field = i.path.split('.')[0] ?? '';
    if (!isField(field) || e[field]) continue;
    const code: FormErrorCode =
      i.issue === 'selectDataItem' || field === 'items'
        ? 'selectDataItem'
        : i.issue === 'timeError'
          ? 'timeError'
          : i.issue === 'rangeTooLong'
            ? 'rangeTooLong'
            : field === 'from'
              ? 'fromRequired'
              : field === 'to'
                ? 'toRequired'
                : field === 'stationId'
                  ? 'stationRequired'
                  : 'failed';
    e[field] = { code, ...(i.limit !== undefined ? { limit: i.limit } : {}) };
  }
  return e;
}
