// The on-call schedule form's values, the checks the page makes before sending (each naming its
// field by the same path the server uses, e.g. `tiers.1.afterMinutes`), the request, and where
// the server's field issues go.
import type { OncallSchedule, SaveOncallSchedule } from '../../../streams/notifications/oncall';
import type { CommandError } from '../../../streams/commands/command';
import type { TKey } from '../../i18n/i18n';
import type { Named } from '../../components/form/CheckList';
import { viewerZone } from '../../../protocol/site-time';
import { isHhMm, isZone } from '../../components/form/checks';

export type OncallChannel = SaveOncallSchedule['tiers'][number]['channels'][number];

export interface ShiftValues {
  days: number[];
  from: string;
  to: string;
  accountIds: number[];
  roleIds: number[];
}
export interface TierValues {
  afterMinutes: string;
  channels: OncallChannel[];
  shifts: ShiftValues[];
}
export interface ScheduleValues {
  name: string;
  zone: string;
  enabled: boolean;
  stationIds: number[];
  categories: string[];
  tiers: TierValues[];
}

/** What the editor of one part of a schedule (a tier, a shift) is given. */
export interface PartEditorProps<V> {
  /** 1-based */
  n: number;
  value: V;
  onChange: (v: V) => void;
  /** null: the last part of its list stays */
  onRemove: (() => void) | null;
  accounts: readonly Named[];
  roles: readonly Named[];
  /** the error at a path under this part (a tier's `afterMinutes`, `shifts.0.to` …; a shift's `days`, `from`, `to`, `accountIds`) */
  err: (path: string) => string | null;
}

/** Field path → text key of what is wrong there. */
export type Issues = Record<string, TKey>;

export const MAX_TIERS = 5;
export const emptyShift = (): ShiftValues => ({ days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '00:00', accountIds: [], roleIds: [] });
export const emptyTier = (after: number): TierValues => ({ afterMinutes: String(after), channels: ['email'], shifts: [emptyShift()] });

export const emptySchedule = (): ScheduleValues => ({
  name: '',
  zone: viewerZone(),
  enabled: true,
  stationIds: [],
  categories: [],
  tiers: [emptyTier(0)],
});

export const valuesOf = (s: OncallSchedule): ScheduleValues => ({
  name: s.name,
  zone: s.zone,
  enabled: s.enabled,
  stationIds: [...s.stationIds],
  categories: [...s.categories],
  tiers: s.tiers.map((t) => ({
    afterMinutes: String(t.afterMinutes),
    channels: [...t.channels],
    shifts: t.shifts.map((x) => ({ ...x, days: [...x.days], accountIds: [...x.accountIds], roleIds: [...x.roleIds] })),
  })),
});

/** What is wrong before sending, by field path. */
export function checkSchedule(v: ScheduleValues): Issues {
  const out: Issues = {};
  if (!v.name.trim() || v.name.trim().length > 100) out.name = 'notifications:oncall.issue.name';
  if (!isZone(v.zone.trim())) out.zone = 'notifications:issue.zone';
  let before = -1;
  v.tiers.forEach((t, i) => {
    const m = t.afterMinutes.trim();
    const n = Number(m);
    if (!/^\d+$/.test(m) || n > 10_080) out[`tiers.${i}.afterMinutes`] = 'notifications:oncall.issue.afterMinutes';
    else if (n <= before) out[`tiers.${i}.afterMinutes`] = 'notifications:oncall.issue.notIncreasing';
    if (/^\d+$/.test(m)) before = Math.max(before, n);
    if (t.channels.length === 0) out[`tiers.${i}.channels`] = 'notifications:issue.channels';
    t.shifts.forEach((s, j) => {
      const p = `tiers.${i}.shifts.${j}`;
      if (s.days.length === 0) out[`${p}.days`] = 'notifications:oncall.issue.days';
      if (!isHhMm(s.from)) out[`${p}.from`] = 'notifications:issue.quietTime';
      if (!isHhMm(s.to)) out[`${p}.to`] = 'notifications:issue.quietTime';
      if (s.accountIds.length === 0 && s.roleIds.length === 0) out[`${p}.accountIds`] = 'notifications:oncall.issue.nobody';
    });
  });
  return out;
}

export const toRequest = (v: ScheduleValues, scheduleId: number | null): SaveOncallSchedule => ({
  ...(scheduleId !== null ? { scheduleId } : {}),
  name: v.name.trim(),
  zone: v.zone.trim(),
  enabled: v.enabled,
  stationIds: v.stationIds,
  categories: v.categories as SaveOncallSchedule['categories'],
  tiers: v.tiers.map((t) => ({ afterMinutes: Number(t.afterMinutes.trim()), channels: t.channels, shifts: t.shifts })),
});

const NOT_INCREASING: TKey = 'notifications:oncall.issue.notIncreasing';
const UNKNOWN_PERSON: TKey = 'notifications:oncall.issue.unknown';
const BY_FIELD: Record<string, TKey> = {
  name: 'notifications:oncall.issue.name',
  zone: 'notifications:issue.zone',
  stationIds: 'notifications:issue.stations',
  afterMinutes: 'notifications:oncall.issue.afterMinutes',
  channels: 'notifications:issue.channels',
  days: 'notifications:oncall.issue.days',
  from: 'notifications:issue.quietTime',
  to: 'notifications:issue.quietTime',
  accountIds: 'notifications:oncall.issue.nobody',
  roleIds: 'notifications:oncall.issue.nobody',
};

/** The form's field of a server path: a list's item counts for the list (`stationIds.3` → `stationIds`). */
const fieldOf = (path: string) => path.replace(/\.(accountIds|roleIds|stationIds|channels|days)\.\d+$/, '.$1').replace(/^stationIds\.\d+$/, 'stationIds');

/** The server's refusals by field path; those the form has no field for under `refused`. */
export function serverIssues(e: CommandError | null): Issues {
  const out: Issues = {};
  for (const f of e?.fields ?? []) {
    const path = fieldOf(f.path);
    const last = path.split('.').pop()!;
    const person = (last === 'accountIds' || last === 'roleIds') && f.issue === 'notFound';
    const key = f.issue === 'notIncreasing' ? NOT_INCREASING : person ? UNKNOWN_PERSON : BY_FIELD[last];
    // a shift's roles share the accounts' place in the form
    out[path.replace(/\.roleIds$/, '.accountIds')] ??= key ?? 'notifications:refused';
  }
  return out;
}
