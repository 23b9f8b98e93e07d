// An audit entry as the cells a reader sees (screen and CSV agree): time, account, action,
// target, outcome, detail. Action names have texts; a name the catalogue lacks shows as itself.
import type { AuditEntry } from '../../../streams/system/audit';
import type { TFn } from '../../i18n/i18n';
import { AUDIT_NAMED_KINDS, AUDIT_REF_FIELDS } from '../../../protocol/codes';
import { catalogueText } from '../../i18n/lookup';
import { formatDateTime } from '../../lib/dateTime';
import type { Zone } from '../../../protocol/site-time';
import { permissionLabel } from './permissionLabels';

export const AUDIT_ACTIONS = [
  'signIn',
  'createAccount',
  'updateAccount',
  'setAccountStatus',
  'deleteAccount',
  'resetAccountPassword',
  'changePassword',
  'revokeAccountSessions',
  'confirmTwoFactorEnrolment',
  'resetTwoFactor',
  'saveRole',
  'deleteRole',
  'saveTariff',
  'deleteTariff',
  'saveTariffTemplate',
  'deleteTariffTemplate',
  'applyTariffTemplate',
  'saveOilPrice',
  'deleteOilPrice',
  'savePeakShavingStrategy',
  'saveIslandStrategy',
  'deleteStrategy',
  'issueStrategy',
  'setControlMode',
  'updateStation',
  'resolveAlarm',
  'exportReport',
  'createReportShare',
  'revokeReportShare',
  'exportAnalysis',
  'saveReportSchedule',
  'deleteReportSchedule',
  'ackAlarm',
  'assignAlarm',
  'commentAlarm',
  'shelveAlarmRule',
  'unshelveAlarmRule',
  'saveMaintenanceWindow',
  'endMaintenanceWindow',
  'createApiToken',
  'revokeApiToken',
  'apiTokenUse',
] as const;

export const auditActionLabel = (action: string): string => catalogueText('system', `auditAction.${action}`) ?? action;

const KIND_KEY = {
  account: 'auditTarget.account',
  role: 'auditTarget.role',
  station: 'auditTarget.station',
  tariff: 'auditTarget.tariff',
  strategy: 'auditTarget.strategy',
  alarm: 'auditTarget.alarm',
  export: 'auditTarget.export',
  maintenance: 'auditTarget.maintenance',
  oilPrice: 'auditTarget.oilPrice',
  reportSchedule: 'auditTarget.reportSchedule',
  reportShare: 'auditTarget.reportShare',
  shelf: 'auditTarget.shelf',
  tariffTemplate: 'auditTarget.tariffTemplate',
  apiToken: 'auditTarget.apiToken',
} as const;

type Names = Readonly<Record<string, string>>;

const kindName = (kind: string): string | undefined =>
  Object.hasOwn(KIND_KEY, kind) ? catalogueText('system', KIND_KEY[kind as keyof typeof KIND_KEY]) : undefined;
const value = (code: string): string | undefined => catalogueText('system', `auditValue.${code}`);
const listOf = (items: readonly string[]): string => items.join(value('listSeparator') ?? ', ');

/**
 * `account:12` → "Account alice": the kind translated, the thing by its name when the server
 * knows it; a deleted thing says so; kinds without names (alarms, exports) keep their number.
 */
export const targetLabel = (target: string | null, names: Names = {}): string => {
  if (!target) return '-';
  const [kind = '', id = ''] = target.split(':');
  const k = kindName(kind);
  if (!k) return target;
  const name = names[target] ?? ((AUDIT_NAMED_KINDS as readonly string[]).includes(kind) ? value('deleted') : id && `#${id}`);
  return `${k} ${name ?? ''}`.trim();
};

/** Fields whose values are codes with texts (how one signed in, why it failed, what came of it). */
const CODED = new Set(['method', 'reason', 'outcome', 'secondFactor', 'via', 'dataScope', 'kind']);

const fieldName = (k: string): string => catalogueText('system', `auditField.${k}`) ?? k.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

const refName = (kind: string, id: unknown, names: Names): string => names[`${kind}:${String(id)}`] ?? value('deleted') ?? String(id);

/** An instant as the server stores it (a window's start, a shelf's end): read in the list's zone. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const valueText = (k: string, v: unknown, names: Names, zone: Zone): string => {
  if (v === null || v === undefined || (Array.isArray(v) && v.length === 0)) return value('none') ?? '-';
  const refKind: string | undefined = Object.hasOwn(AUDIT_REF_FIELDS, k) ? AUDIT_REF_FIELDS[k as keyof typeof AUDIT_REF_FIELDS] : undefined;
  if (refKind) return listOf((Array.isArray(v) ? v : [v]).map((id) => refName(refKind, id, names)));
  if (k === 'permissions' && Array.isArray(v)) return listOf(v.map((p) => permissionLabel(String(p))));
  if (typeof v === 'boolean') return value(String(v)) ?? String(v);
  if (Array.isArray(v)) {
    if (v.some((x) => typeof x === 'object' && x !== null)) return catalogueText('system', 'auditValue.items', { count: v.length }) ?? String(v.length);
    return listOf(v.map((x) => valueText(k, x, names, zone)));
  }
  if (typeof v === 'object') {
    const inner = detailText(v as Record<string, unknown>, names, zone);
    return catalogueText('system', 'auditValue.nested', { value: inner }) ?? `(${inner})`;
  }
  const s = String(v);
  if (INSTANT.test(s)) return `${formatDateTime(s, zone)} (${zone})`;
  return (CODED.has(k) && value(s)) || s;
};

/**
 * The detail as a sentence in the reader's language: "Role: Operator; Permissions: Home, Alarms".
 * Field names and coded values have texts, ids are the names of what they refer to (`names`,
 * from the server), permissions their labels, nothing is left as JSON or null. Other values (a
 * saved form's texts, numbers) show as stored, instants in `zone` with its name; passwords are
 * never there (the server omits them).
 */
export const detailText = (d: Record<string, unknown>, names: Names = {}, zone: Zone = 'UTC'): string =>
  Object.entries(d)
    .map(
      ([k, v]) =>
        catalogueText('system', 'auditValue.pair', { name: fieldName(k), value: valueText(k, v, names, zone) }) ??
        `${fieldName(k)}: ${valueText(k, v, names, zone)}`,
    )
    .join(value('pairSeparator') ?? '; ');

/** `zone`: the one the list's times are read in (the clock setting, docs/time.md). */
export const auditCells = (t: TFn, e: AuditEntry, zone: Zone): string[] => [
  formatDateTime(e.at, zone),
  e.account ?? (typeof e.detail.account === 'string' ? e.detail.account : '-'),
  e.orgName ?? '-',
  auditActionLabel(e.action),
  targetLabel(e.target, e.names),
  e.outcome === 'ok' ? t('system:audit.ok') : e.outcome === 'failed' ? t('system:audit.failed') : e.outcome,
  detailText(e.detail, e.names, zone),
];

export const auditHead = (t: TFn, zone: Zone): string[] => [
  `${t('system:audit.at')} (${zone})`,
  t('system:col.account'),
  t('system:account.org'),
  t('system:audit.action'),
  t('system:audit.target'),
  t('system:audit.outcome'),
  t('system:audit.detail'),
];
