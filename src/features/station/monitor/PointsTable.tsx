// Every raw point of the station (device, point, value, unit, quality, time), virtualized and
// searchable: a station of a few hundred devices has thousands of rows. On a phone each point is
// a two-line row of the same virtual list.
import { useDeferredValue, useMemo, useState } from 'react';
import type { PointValue } from '../../../../streams/station/live';
import { SearchBox } from '../../../components/SearchBox';
import { usePhone } from '../../../hooks/usePhone';
import { useT } from '../../../hooks/useT';
import { SCROLL_PANE } from '../../../widgets/scrollPane';
import { useVirtualList, VirtualRows } from '../../../widgets/VirtualRows';
import { bodyRowIndex, tableRowCount } from '../../../widgets/TableNote';
import { QUALITY_KEY } from '../../../i18n/stationKeys';
import { fmtValue, pointLabel, typeLabel } from '../format';
import { stateKeyOf } from '../states';
import { formatDateTime } from '../../../lib/dateTime';
import { ResultCount } from '../../../components/ResultCount';

export interface PointRow extends PointValue {
  deviceId: number;
  deviceName: string;
  deviceType: string;
}

const ROW = 32;
/** a point on a phone: two lines (what and its value; its quality and time) */
const CARD_ROW = 56;
const cols = 'grid grid-cols-[1.4fr_1.4fr_1fr_0.5fr_0.6fr_1.3fr] gap-3 px-3';

export function PointsTable({ rows, timeZone, height = 480 }: { rows: readonly PointRow[]; timeZone?: string; height?: number }) {
  const t = useT('station');
  const [q, setQ] = useState('');
  const dq = useDeferredValue(q.trim().toLowerCase());
  const filtered = useMemo(() => {
    if (!dq) return rows;
    return rows.filter((r) => `${r.deviceName}\u0000${r.point}\u0000${pointLabel(t, r.point)}\u0000${typeLabel(t, r.deviceType)}`.toLowerCase().includes(dq));
  }, [rows, dq, t]);
  const phone = usePhone();
  const rowHeight = phone ? CARD_ROW : ROW;
  const { scroller, v } = useVirtualList(filtered.length, rowHeight, 16);
  const valueText = (r: PointRow): string => {
    if (r.point === 'state' || r.point === 'essState' || r.point === 'gridState' || r.point === 'on') {
      const type = r.point === 'essState' ? 'pcs' : r.point === 'gridState' ? 'meter' : r.point === 'on' ? 'pcsOn' : r.deviceType;
      const key =
        type === 'pcsOn'
          ? r.value === 1
            ? 'station:state.pcs.on'
            : r.value === 0
              ? 'station:state.pcs.off'
              : null
          : stateKeyOf(type, typeof r.value === 'number' ? r.value : null);
      if (key) return `${r.value} · ${t(key)}`;
    }
    return fmtValue(r.value, '', 4);
  };
  return (
    <section data-testid="points-table" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox label={t('station:monitor.pointsSearch')} value={q} onChange={setQ} testId="points-search" width="w-72" />
        <ResultCount testId="points-count" text={t('station:monitor.rows', { count: filtered.length })} />
      </div>
      <div
        role="table"
        aria-label={t('station:monitor.pointsSearch')}
        aria-rowcount={tableRowCount(filtered.length)}
        className="rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        <div
          role="row"
          aria-rowindex={1}
          hidden={phone}
          className={`${cols} border-b border-slate-200 py-2 text-xs font-semibold text-slate-500 dark:border-slate-700`}
        >
          <span role="columnheader">{t('station:monitor.colDevice')}</span>
          <span role="columnheader">{t('station:monitor.colPoint')}</span>
          <span role="columnheader" className="text-right">
            {t('station:monitor.colValue')}
          </span>
          <span role="columnheader">{t('station:monitor.colUnit')}</span>
          <span role="columnheader">{t('station:monitor.colQuality')}</span>
          <span role="columnheader">{t('station:monitor.colTime')}</span>
        </div>
        <div
          ref={scroller}
          role="rowgroup"
          tabIndex={0}
          aria-label={t('station:monitor.pointsSearch')}
          data-testid="points-scroller"
          style={{ height }}
          className={SCROLL_PANE}
        >
          <VirtualRows
            v={v}
            rows={filtered}
            rowHeight={rowHeight}
            row={(r, style, it) =>
              phone ? (
                <div
                  key={it.key}
                  role="row"
                  data-testid="point-row"
                  data-point={`${r.deviceId}:${r.point}`}
                  style={style}
                  className={`flex flex-col justify-center gap-0.5 border-b border-slate-100 px-3 dark:border-slate-800 ${r.quality !== 'good' ? 'text-slate-400' : ''}`}
                >
                  <span className="flex items-baseline gap-2">
                    <span className="min-w-0 flex-1 truncate">
                      {r.deviceName} · {pointLabel(t, r.point)}
                    </span>
                    <span className="shrink-0 font-mono tabular-nums" data-value>
                      {valueText(r)} {r.unit}
                    </span>
                  </span>
                  <span className="flex gap-2 text-xs">
                    <span className={r.quality === 'good' ? 'text-emerald-600' : r.quality === 'stale' ? 'text-amber-600' : 'text-red-600'}>
                      {t(QUALITY_KEY[r.quality])}
                    </span>
                    <span className="truncate font-mono text-slate-500">{formatDateTime(r.time, timeZone)}</span>
                  </span>
                </div>
              ) : (
                <div
                  key={it.key}
                  role="row"
                  aria-rowindex={bodyRowIndex(it.index)}
                  data-testid="point-row"
                  data-point={`${r.deviceId}:${r.point}`}
                  style={style}
                  className={`${cols} items-center border-b border-slate-100 dark:border-slate-800 ${r.quality !== 'good' ? 'text-slate-400' : ''}`}
                >
                  <span role="cell" className="truncate">
                    {r.deviceName}
                  </span>
                  <span role="cell" className="truncate" title={r.point}>
                    {pointLabel(t, r.point)} <span className="font-mono text-xs text-slate-400">{r.point}</span>
                  </span>
                  <span role="cell" className="truncate text-right font-mono tabular-nums">
                    {valueText(r)}
                  </span>
                  <span role="cell">{r.unit}</span>
                  <span role="cell" className={r.quality === 'good' ? 'text-emerald-600' : r.quality === 'stale' ? 'text-amber-600' : 'text-red-600'}>
                    {t(QUALITY_KEY[r.quality])}
                  </span>
                  <span role="cell" className="truncate font-mono text-xs">
                    {formatDateTime(r.time, timeZone)}
                  </span>
                </div>
              )
            }
          />
        </div>
      </div>
    </section>
  );
}
