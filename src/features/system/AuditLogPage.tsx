// Audit log (system.audit): who did what, when, on which target, with the outcome; newest
// first, filtered by time, account, action, target and outcome on the server, virtualized, and
// exported as CSV (every page of the filter). Tenants see their own organisations' entries.
import { useObservable, useObservableState } from 'observable-hooks';
import { useEffect, useState } from 'react';
import { map } from 'rxjs';
import { settledText } from '../../../streams/typed';
import { toCsv } from '../../../protocol/csv';
import { saveCsv } from '../../lib/download';
import { auditLog$, exportAudit$, type AuditEntry, type AuditFilter } from '../../../streams/system/audit';
import { NOTHING } from '../../../streams/system/loaded';
import { Button } from '../../components/Button';
import { DateSpan } from '../../components/DateSpan';
import { SearchBox } from '../../components/SearchBox';
import { ListPage } from '../../components/ListPage';
import { FilterSelects, type FilterSpec } from '../../components/FilterSelects';
import { useRuntime } from '../../hooks/runtime';
import { useListZone } from '../../hooks/useZoneMode';
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';
import { rangeOf, type Range } from './time';
import { RangeSelect } from '../../components/RangeSelect';
import { AuditRows } from './AuditRows';
import { AUDIT_ACTIONS, auditActionLabel, auditCells, auditHead } from './auditText';
import { useCommand } from './useCommand';
import { formatDateTime } from '../../lib/dateTime';
import { choicesOf } from '../../i18n/codeKeys';
import { ResultCount } from '../../components/ResultCount';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((a) => ({ value: a, label: auditActionLabel(a) }));
const TARGET_KINDS = ['account', 'role', 'station', 'tariff', 'strategy', 'alarm'] as const;
const TARGET_KIND_KEY = {
  account: 'system:auditTarget.account',
  role: 'system:auditTarget.role',
  station: 'system:auditTarget.station',
  tariff: 'system:auditTarget.tariff',
  strategy: 'system:auditTarget.strategy',
  alarm: 'system:auditTarget.alarm',
} as const satisfies Record<(typeof TARGET_KINDS)[number], TKey>;

interface AuditChoices {
  preset: Range;
  custom: { from: string; to: string };
  zone: Parameters<typeof rangeOf>[3];
  account: string;
  action: string;
  kind: string;
  outcome: string;
}

const auditFilterOf = ({ preset, custom, zone, account, action, kind, outcome }: AuditChoices, now: number): AuditFilter => ({
  ...rangeOf(preset, now, custom, zone),
  ...(account ? { account } : {}),
  ...(action ? { actions: [action] } : {}),
  ...(kind ? { target: `${kind}:` } : {}),
  ...(outcome ? { outcome } : {}),
});

export default function AuditLogPage() {
  const t = useT('system');
  const { api } = useRuntime();
  const zone = useListZone();
  const [preset, setPreset] = useState<Range>('7d');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const [typed, setTyped] = useState('');
  const [action, setAction] = useState('');
  const [kind, setKind] = useState('');
  const [outcome, setOutcome] = useState('');
  const account = useObservableState(
    useObservable((in$) => settledText(in$).pipe(map(([a]) => a)), [typed] as const),
    '',
  );
  // rolling presets are computed when the filter changes; a reload re-reads the same window
  const [filter, setFilter] = useState<AuditFilter>(() => auditFilterOf({ preset, custom, zone, account, action, kind, outcome }, Date.now()));
  useEffect(
    () => setFilter(auditFilterOf({ preset, custom, zone, account, action, kind, outcome }, Date.now())),
    [preset, custom, account, action, kind, outcome, zone],
  );
  const log = useObservableState(
    useObservable((in$) => auditLog$(api, in$.pipe(map(([f]) => f))), [filter]),
    NOTHING,
  );
  const download = (all: AuditEntry[]) => {
    saveCsv(
      toCsv(
        auditHead(t, zone),
        all.map((e) => auditCells(t, e, zone)),
      ),
      `audit-${formatDateTime(Date.now()).replace(/[-: ]/g, '')}.csv`,
    );
  };
  const exporting = useCommand(exportAudit$, (all) => download(all));
  const rows = log.data?.dataList ?? [];
  const total = log.data?.totalCount ?? 0;
  const kinds = choicesOf(TARGET_KINDS, TARGET_KIND_KEY, t);
  const outcomes = [
    { value: 'ok', label: t('system:audit.ok') },
    { value: 'failed', label: t('system:audit.failed') },
  ];
  const filters: FilterSpec[] = [
    { testId: 'audit-action', label: t('system:audit.action'), value: action, options: ACTION_OPTIONS, onChange: setAction },
    { testId: 'audit-target', label: t('system:audit.target'), value: kind, options: kinds, onChange: setKind },
    { testId: 'audit-outcome', label: t('system:audit.outcome'), value: outcome, options: outcomes, onChange: setOutcome },
  ];

  return (
    <ListPage
      testId="audit-log"
      read={log}
      title={t('routes.systemAudit')}
      padded
      bar={
        <>
          <RangeSelect testId="audit-range" value={preset} onChange={setPreset} custom />
          {preset === 'custom' && (
            <DateSpan value={custom} onChange={(p) => setCustom((c) => ({ ...c, ...p }))} labels={{ from: t('system:range.from'), to: t('system:range.to') }} />
          )}
          <SearchBox label={t('system:audit.accountSearch')} value={typed} onChange={setTyped} testId="audit-account" width="w-44" />
          <FilterSelects all={t('system:all')} filters={filters} />
          <ResultCount testId="audit-count" text={t('system:audit.count', { count: total })} />
          <Button className="ml-auto" onClick={() => exporting.run(filter)} disabled={exporting.busy || total === 0} data-testid="audit-export">
            {t('system:audit.export')}
          </Button>
        </>
      }
    >
      <AuditRows rows={rows} height="calc(100vh - 280px)" />
    </ListPage>
  );
}
