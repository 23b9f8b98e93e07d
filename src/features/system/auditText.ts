// An audit entry as the cells a reader sees (screen and CSV agree): time, account, action,
// target, outcome, detail. Action names have texts; a name the catalogue lacks shows as itself.
import type { AuditEntry } from '../../../streams/system/audit';
import type { TFn } from '../../i18n/i18n';
import { catalogueText } from '../../i18n/lookup';
import { formatDateTime } from '../../lib/dateTime';
import type { Zone } from '../../../protocol/site-time';

export const AUDIT_ACTIONS = [
  'signIn', 'createAccount', 'updateAccount', 'setAccountStatus', 'deleteAccount', 'resetAccountPassword', 'changePassword',
  'revokeAccountSessions', 'confirmTwoFactorEnrolment', 'resetTwoFactor', 'saveRole', 'deleteRole', 'saveTariff', 'deleteTariff',
  'saveTariffTemplate', 'deleteTariffTemplate', 'applyTariffTemplate', 'saveOilPrice', 'deleteOilPrice', 'savePeakShavingStrategy',
  'saveIslandStrategy', 'deleteStrategy', 'issueStrategy', 'setControlMode', 'updateStation', 'resolveAlarm', 'exportReport',
  'createReportShare', 'revokeReportShare', 'exportAnalysis', 'saveReportSchedule', 'deleteReportSchedule', 'ackAlarm', 'assignAlarm',
  'commentAlarm', 'shelveAlarmRule', 'unshelveAlarmRule', 'saveMaintenanceWindow', 'endMaintenanceWindow',
] as const;

export const auditActionLabel = (action: string): string => catalogueText('system', `auditAction.${action}`) ?? action;

const KIND_KEY = {
  account: 'auditTarget.account', role: 'auditTarget.role', station: 'auditTarget.station', tariff: 'auditTarget.tariff',
  strategy: 'auditTarget.strategy', alarm: 'auditTarget.alarm', export: 'auditTarget.export', maintenance: 'auditTarget.maintenance',
  oilPrice: 'auditTarget.oilPrice', reportSchedule: 'auditTarget.reportSchedule', reportShare: 'auditTarget.reportShare',
  shelf: 'auditTarget.shelf', tariffTemplate: 'auditTarget.tariffTemplate',
} as const;

/** `account:12` → "Account 12" (the kind translated when known). */
export const targetLabel = (target: string | null): string => {
  if (!target) return '-';
  const [kind = '', id = ''] = target.split(':');
  const name = kind in KIND_KEY ? catalogueText('system', KIND_KEY[kind as keyof typeof KIND_KEY]) : undefined;
  return name ? `${name} ${id}`.trim() : target;
};

/** Fields whose values are codes with texts (how one signed in, why it failed, what came of it). */
const CODED = new Set(['method', 'reason', 'outcome', 'secondFactor', 'via']);

const valueText = (k: string, v: unknown): string => {
  if (typeof v === 'boolean') return catalogueText('system', `auditValue.${v}`) ?? String(v);
  if (typeof v === 'object' && v !== null) return JSON.stringify(v);
  const s = String(v);
  return (CODED.has(k) && catalogueText('system', `auditValue.${s}`)) || s;
};

/**
 * The detail's fields as `name: value` in the reader's language: known field names and coded
 * values have texts, anything else (a saved form's own fields, names, numbers) shows as stored.
 * Passwords are never there (the server leaves them out).
 */
export const detailText = (d: Record<string, unknown>): string =>
  Object.entries(d)
    .map(([k, v]) => `${catalogueText('system', `auditField.${k}`) ?? k}: ${valueText(k, v)}`)
    .join(', ');

/** `zone`: the one the list's times are read in (the clock setting, docs/time.md). */
export const auditCells = (t: TFn, e: AuditEntry, zone: Zone): string[] => [
  formatDateTime(e.at, zone),
  e.account ?? (typeof e.detail.account === 'string' ? e.detail.account : '-'),
  e.orgName ?? '-',
  auditActionLabel(e.action),
  targetLabel(e.target),
  e.outcome === 'ok' ? t('system:audit.ok') : e.outcome === 'failed' ? t('system:audit.failed') : e.outcome,
  detailText(e.detail),
];

export const auditHead = (t: TFn, zone: Zone): string[] => [
  `${t('system:audit.at')} (${zone})`, t('system:col.account'), t('system:account.org'), t('system:audit.action'), t('system:audit.target'), t('system:audit.outcome'), t('system:audit.detail'),
];
