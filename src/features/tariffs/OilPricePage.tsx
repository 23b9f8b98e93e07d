// Oil Price (electricityPriceManagement.oilPrice): the station's fuel prices with their status,
// times in the station's zone; create, and edit or delete a pending one (`oilPrice.edit`). The
// status is the server's; the list is read again at the next start or end of a window and every
// 10 s, so a price turns active on screen when its start passes.
import { useObservable, useObservableState } from 'observable-hooks';
import { useEffect, useMemo } from 'react';
import { map, merge, interval } from 'rxjs';
import { PHONE_CELL, PHONE_TABLE, PHONE_WIDE } from '../../components/phoneCards';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { deleteOilPrice$, saveOilPrice$, type SaveOilPrice } from '../../../streams/tariffs/commands';
import { oilPrices$, type OilPrice } from '../../../streams/tariffs/reads';
import { useDeletion } from './useDeletion';
import { useReload, useTariffStation } from './hooks';
import { useEditing } from './useEditing';
import { costPerKwh, localMs, localText, oilServerErrors, shownTime, type OilDraft } from './oil';
import { OilPriceDialog } from './OilPriceDialog';
import { EditDelete, LoadFailed, PageHead } from './PageParts';
import { useCurrencyName } from './currency';
import { OIL_STATUS_KEY } from './periods';

const REREAD_MS = 10_000;
const HOUR = 3_600_000;

/** What is sent to save a draft: a new price, or a change of `record`; its times are read in `zone`. */
const toRequest = (stationId: number, zone: string, record: OilPrice | null, d: OilDraft): SaveOilPrice => ({
  stationId,
  ...(record ? { oilPriceId: record.oilPriceId } : {}),
  startTime: new Date(localMs(zone, d.start)!).toISOString(),
  endTime: new Date(localMs(zone, d.end)!).toISOString(),
  pricePerLitre: Number(d.price),
  kwhPerLitre: Number(d.kwh),
});

export default function OilPricePage() {
  const t = useT('tariffs');
  const { api } = useRuntime();
  const st = useTariffStation();
  const zone = st.zone;
  const currency = useCurrencyName(st.currency);
  const [reload$, reload] = useReload();
  const list = useObservableState(
    useObservable((in$) => oilPrices$(api, in$.pipe(map(([id]) => id)), merge(reload$, interval(REREAD_MS))), [st.stationId]),
    { data: null, failed: false },
  );
  const rows = useMemo(() => list.data?.dataList ?? [], [list.data]);
  useEffect(() => {
    // read again just after the next window edge, when a status changes
    const now = Date.now();
    const next = rows
      .flatMap((r) => [Date.parse(r.startTime), Date.parse(r.endTime)])
      .filter((x) => x > now)
      .sort((a, b) => a - b)[0];
    if (next === undefined || next - now > HOUR) return;
    const id = setTimeout(reload, next - now + 500);
    return () => clearTimeout(id);
  }, [rows, reload]);

  const { editing, open, save, dialog } = useEditing(
    saveOilPrice$,
    reload,
    (e) => oilServerErrors(e.error),
    (record: OilPrice | null): OilDraft | null => {
      if (!zone) return null;
      const start = Math.ceil((Date.now() + HOUR) / HOUR) * HOUR;
      return record
        ? {
            start: localText(zone, Date.parse(record.startTime)),
            end: localText(zone, Date.parse(record.endTime)),
            price: String(record.pricePerLitre),
            kwh: String(record.kwhPerLitre),
          }
        : { start: localText(zone, start), end: localText(zone, start + 30 * 24 * HOUR), price: '', kwh: '' };
    },
  );
  const deletion = useDeletion(deleteOilPrice$, (x: OilPrice) => x.oilPriceId, reload);
  const cell = 'px-3 py-2';

  return (
    <div data-testid="oil-prices" data-loaded={list.data !== null} className="flex flex-col gap-4">
      <PageHead
        nowrap
        title={t('tariffs:oil.title')}
        create={st.canEditOil && { label: t('tariffs:oil.create'), testId: 'oil-create', onClick: () => open(null), disabled: !zone }}
      >
        {zone && <span className="text-xs text-slate-500">{t('tariffs:oil.zone', { zone })}</span>}
      </PageHead>
      <LoadFailed failed={list.failed} />
      <table className={`${PHONE_TABLE.table} w-full rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-700 dark:bg-slate-900`}>
        <thead className={PHONE_TABLE.thead}>
          <tr className="border-b border-slate-200 text-left text-xs text-slate-500 dark:border-slate-700">
            <th className={cell}>{t('tariffs:oil.startTime')}</th>
            <th className={cell}>{t('tariffs:oil.endTime')}</th>
            <th className={cell}>{t('tariffs:oil.statusCol')}</th>
            <th className={`${cell} text-right`}>{t('tariffs:oil.pricePerLitre', { currency })}</th>
            <th className={`${cell} text-right`}>{t('tariffs:oil.kwhPerLitre')}</th>
            <th className={`${cell} text-right`}>{t('tariffs:oil.costPerKwh', { currency })}</th>
            {st.canEditOil && <th className={cell} />}
          </tr>
        </thead>
        <tbody className={PHONE_TABLE.tbody}>
          {list.data && rows.length === 0 && (
            <tr className="max-sm:block">
              <td colSpan={7} className="p-6 text-center text-slate-500 max-sm:block">
                {t('tariffs:oil.empty')}
              </td>
            </tr>
          )}
          {zone &&
            rows.map((r) => (
              <tr
                key={r.oilPriceId}
                data-testid="oil-row"
                data-oil={r.oilPriceId}
                data-status={r.status}
                className={`${PHONE_TABLE.tr} border-b border-slate-100 dark:border-slate-800`}
              >
                <td className={`${cell} tabular-nums ${PHONE_CELL}`} data-label={t('tariffs:oil.startTime')}>
                  {shownTime(zone, r.startTime)}
                </td>
                <td className={`${cell} tabular-nums ${PHONE_CELL}`} data-label={t('tariffs:oil.endTime')}>
                  {shownTime(zone, r.endTime)}
                </td>
                <td className={`${cell} ${PHONE_CELL}`} data-label={t('tariffs:oil.statusCol')} data-testid="oil-status">
                  {t(OIL_STATUS_KEY[r.status])}
                </td>
                <td className={`${cell} text-right tabular-nums ${PHONE_CELL} max-sm:text-left`} data-label={t('tariffs:oil.pricePerLitre', { currency })}>
                  {r.pricePerLitre}
                </td>
                <td className={`${cell} text-right tabular-nums ${PHONE_CELL} max-sm:text-left`} data-label={t('tariffs:oil.kwhPerLitre')}>
                  {r.kwhPerLitre}
                </td>
                <td
                  className={`${cell} text-right tabular-nums ${PHONE_CELL} max-sm:text-left`}
                  data-label={t('tariffs:oil.costPerKwh', { currency })}
                  data-testid="oil-row-cost"
                >
                  {costPerKwh(r)}
                </td>
                {st.canEditOil && (
                  <td className={`${cell} text-right ${PHONE_WIDE}`}>
                    {r.status === 'pending' && (
                      <span className="flex justify-end gap-2">
                        <EditDelete record="oil" onEdit={() => open(r)} onDelete={() => deletion.ask(r)} />
                      </span>
                    )}
                  </td>
                )}
              </tr>
            ))}
        </tbody>
      </table>
      {editing && zone && (
        <OilPriceDialog
          title={t(editing.record ? 'tariffs:oil.titleEdit' : 'tariffs:oil.titleNew')}
          zone={zone}
          currency={currency}
          initial={editing.initial}
          others={rows.filter((r) => r.oilPriceId !== editing.record?.oilPriceId)}
          {...dialog}
          onSave={(d) => st.stationId && save.run(toRequest(st.stationId, zone, editing.record, d))}
        />
      )}
      {deletion.question(t('tariffs:oil.deleteTitle'), (r) => t('tariffs:oil.confirmDelete', { start: r && zone ? shownTime(zone, r.startTime) : '' }))}
    </div>
  );
}
