// Station info bar (SPEC §2): columns = 24 / item count, rounded up. On a phone the station's name
// takes the whole first line (a third of 390 px cut it), provider and customer share the second.
import { useStoreValue } from '../../hooks/runtime';
import { usePhone } from '../../hooks/usePhone';
import { useT } from '../../hooks/useT';

export const stationColumns = (items: number): number => Math.ceil(24 / Math.max(1, items));

export function StationInfoBar() {
  const t = useT('station');
  const station = useStoreValue((s) => s.station);
  // names, never the ids of the URL: the station, its service provider and its customer
  const items = [
    { key: 'station', label: t('station:name'), value: station.name || '-' },
    { key: 'provider', label: t('station:provider'), value: station.providerName || '-' },
    { key: 'customer', label: t('station:customer'), value: station.customerName || '-' },
  ];
  const phone = usePhone();
  const span = stationColumns(items.length);
  const spanOf = (key: string) => (phone ? (key === 'station' ? 24 : 12) : span);
  if (station.outOfScope)
    return (
      <section
        aria-label={t('station:bar')}
        data-testid="station-bar"
        className="border-b border-slate-200 bg-amber-50 px-4 py-2 text-sm text-amber-800 dark:border-slate-800 dark:bg-amber-950 dark:text-amber-200"
      >
        <p role="alert" data-testid="station-out-of-scope">
          {t('station:outOfScope')}
        </p>
      </section>
    );
  return (
    <section
      aria-label={t('station:bar')}
      data-testid="station-bar"
      className="grid grid-cols-24 gap-2 border-b border-slate-200 bg-white px-2 py-1.5 sm:px-4 sm:py-2 dark:border-slate-800 dark:bg-slate-900"
    >
      {items.map((i) => (
        <div key={i.key} data-testid={`station-bar-${i.key}`} style={{ gridColumn: `span ${spanOf(i.key)} / span ${spanOf(i.key)}` }} className="min-w-0">
          <div className="text-xs text-slate-500 dark:text-slate-400">{i.label}</div>
          <div className="truncate text-sm font-medium">{i.value}</div>
        </div>
      ))}
    </section>
  );
}
