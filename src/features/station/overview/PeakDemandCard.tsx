// This month's import peak so far (queryStationPeakDemand, every minute): per demand charge of
// the tariff the peak kW over its window, when it happened on the station's clock, the billed kW
// after the ratchet and the charge so far, priced as the bill prices it. Below, the peak alarm's
// margin, which an account with station.edit sets here.
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { useCommand } from '../../../hooks/useCommand';
import { useMoneyLang } from '../../../hooks/useMoneyLang';
import { useT } from '../../../hooks/useT';
import type { TFn, TKey } from '../../../i18n/i18n';
import { formatMoney } from '../../../../streams/format/money';
import { savePeakAlarm$, type StationPeak } from '../../../../streams/station/peak';
import type { CommandError } from '../../../../streams/commands/command';
import { fmtNum } from '../format';
import { PeakAlarmDialog, toRequest, type PeakAlarmDraft } from './PeakAlarmDialog';

type Line = StationPeak['demand'][number];

const PERIOD_KEY = {
  sharp: 'station:overview.peak.periods.sharp',
  peak: 'station:overview.peak.periods.peak',
  flat: 'station:overview.peak.periods.flat',
  valley: 'station:overview.peak.periods.valley',
} as const satisfies Record<NonNullable<Line['periods']>[number], TKey>;

const scopeText = (t: TFn, l: Line) => {
  const periods = l.periods ? l.periods.map((p) => t(PERIOD_KEY[p])).join(t('station:overview.peak.listJoin')) : t('station:overview.peak.allHours');
  return t('station:overview.peak.window', { minutes: l.windowMinutes, periods });
};

function LineRow({ line, data }: { line: Line; data: StationPeak }) {
  const t = useT('station');
  const lang = useMoneyLang();
  const priced = line.pricePerKw !== null;
  return (
    <li data-testid="peak-line" className="flex min-w-0 flex-wrap items-baseline gap-x-4 gap-y-1">
      <span className="font-mono text-lg font-semibold tabular-nums" data-testid="peak-kw">
        {line.peakKw === null ? t('station:overview.peak.none') : `${fmtNum(line.peakKw, 1)} kW`}
      </span>
      {line.peakLocal && (
        <span className="text-sm" data-testid="peak-when">
          {t('station:overview.peak.at', { when: line.peakLocal, zone: data.timezone })}
        </span>
      )}
      <span className="text-xs text-slate-500 dark:text-slate-400">{scopeText(t, line)}</span>
      {priced ? (
        <span className="text-sm" data-testid="peak-billed">
          {t(line.ratchetKw > (line.peakKw ?? 0) ? 'station:overview.peak.billedRatchet' : 'station:overview.peak.billed', {
            kw: fmtNum(line.billedKw, 1),
            amount: formatMoney(line.amount, data.currency, lang),
          })}
        </span>
      ) : (
        <span className="text-xs text-slate-500 dark:text-slate-400">{t('station:overview.peak.noCharge')}</span>
      )}
    </li>
  );
}

export function PeakDemandCard({
  data,
  stationId,
  canEdit,
  onSaved,
}: {
  data: StationPeak | null;
  stationId: number;
  canEdit: boolean;
  onSaved: (a: StationPeak['alarm']) => void;
}) {
  const t = useT('station');
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<CommandError | null>(null);
  const save = useCommand(savePeakAlarm$, (e) => {
    if (e.type === 'failed') setError(e.error);
    if (e.type === 'succeeded') {
      setEditing(false);
      onSaved({ marginPct: e.input.marginPct ?? null, targetKw: e.input.targetKw ?? null });
    }
  });
  const a = data?.alarm;
  const alarmText =
    !a || a.marginPct === null
      ? t('station:overview.peak.alarmOff')
      : a.targetKw !== null
        ? t('station:overview.peak.alarmTarget', { pct: a.marginPct, kw: fmtNum(a.targetKw, 1) })
        : t('station:overview.peak.alarmPeak', { pct: a.marginPct });
  const edit = () => {
    setError(null);
    setEditing(true);
  };
  const initial: PeakAlarmDraft = { margin: a?.marginPct != null ? String(a.marginPct) : '', target: a?.targetKw != null ? String(a.targetKw) : '' };
  return (
    <section data-testid="ov-peak" className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
      <h3 className="mb-2 font-semibold">{t('station:overview.peak.title')}</h3>
      {data ? (
        <ul className="flex flex-col gap-2">
          {data.demand.map((l, i) => (
            <LineRow key={i} line={l} data={data} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{t('station:common.loading')}</p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-2 text-sm dark:border-slate-800">
        <span data-testid="peak-alarm">{alarmText}</span>
        {canEdit && data && (
          <Button onClick={edit} data-testid="peak-alarm-edit">
            {t('station:overview.peak.setAlarm')}
          </Button>
        )}
      </div>
      {editing && (
        <PeakAlarmDialog
          initial={initial}
          serverError={error}
          pending={save.pending}
          onSave={(d) => save.run(toRequest(stationId, d))}
          onClose={() => setEditing(false)}
        />
      )}
    </section>
  );
}
