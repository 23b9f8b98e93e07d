// The wall's station tiles: as many whole tiles as the box holds, a page at a time (a wall never
// scrolls). A tile is what is read from across the room: status (colour and word), name, active
// power and SOC; the console's picture cards cut their labels at wall widths. Stations in fault
// or alarm come first, so the first page is the one that matters; the page shown is the wall's
// (rotation, WallPage), wrapped to the pages there are.
import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { stationCardButton, type StationCardData } from '../../components/StationCard';
import { STATUS_COLORS, STATUS_KEYS, StatusIcon } from '../../components/stationLabels';
import { MaintenanceTag } from '../../components/alarms/MaintenanceTag';
import type { TFn } from '../../i18n/i18n';
import { numberFormat } from '../../lib/numberFormat';
import { boxClass } from './StatBlock';

/** tile size and gap in wall pixels (features/home/wall.css) */
const CARD_MIN_W = 170;
const CARD_H = 112;
const GAP = 8;
/** fault, alarm, offline, not commissioned, normal */
const SEVERITY: Record<number, number> = { 2: 0, 1: 1, 3: 2, 4: 3, 0: 4 };

export const cardsByUrgency = (cards: readonly StationCardData[]): StationCardData[] =>
  [...cards].sort((a, b) => (SEVERITY[a.stationStatus] ?? 5) - (SEVERITY[b.stationStatus] ?? 5) || a.stationName.localeCompare(b.stationName));

/** columns × rows of whole cards in a box of `w` × `h` CSS px at `wu` px per wall pixel */
export function cardGrid(w: number, h: number, wu: number): { cols: number; rows: number } {
  const gap = GAP * wu;
  return { cols: Math.max(1, Math.floor((w + gap) / (CARD_MIN_W * wu + gap))), rows: Math.max(1, Math.floor((h + gap) / (CARD_H * wu + gap))) };
}

export function WallCards(props: {
  cards: readonly StationCardData[] | null;
  page: number;
  onPages: (n: number) => void;
  wu: number;
  age: ReactNode;
  t: TFn;
  onOpen: (c: StationCardData) => void;
  inMaintenance: ReadonlySet<number>;
}) {
  const { cards, page, onPages, wu, age, t, onOpen, inMaintenance } = props;
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const sorted = useMemo(() => cardsByUrgency(cards ?? []), [cards]);
  const { cols, rows } = cardGrid(size.w, size.h, wu);
  const per = cols * rows;
  const pages = Math.max(1, Math.ceil(sorted.length / per));
  useEffect(() => onPages(pages), [pages, onPages]);
  const at = page % pages;
  const shown = size.w > 0 ? sorted.slice(at * per, at * per + per) : [];

  return (
    <section className={`${boxClass} flex h-full min-h-0 flex-col`} data-testid="station-matrix" data-page={at + 1} data-pages={pages}>
      <header className="mb-2 flex items-center justify-between gap-2">
        <h2 className="truncate font-semibold">
          {t('home:matrix.title')} <span className="text-sm font-normal text-slate-500">({sorted.length})</span>
        </h2>
        <span className="flex shrink-0 items-center gap-2">
          {pages > 1 && (
            <span className="text-xs text-slate-500 tabular-nums" data-testid="wall-page">
              {t('home:wall.page', { page: at + 1, pages })}
            </span>
          )}
          {age}
        </span>
      </header>
      <div ref={box} className="min-h-0 flex-1 overflow-hidden" data-testid="matrix-scroller">
        {cards !== null && sorted.length === 0 ? (
          <p className="p-8 text-center text-slate-500" data-testid="empty">
            {t('noDate')}
          </p>
        ) : (
          // the rows share the box's height: whole tiles, no band left under them
          <div
            className="h-full"
            style={{
              display: 'grid',
              gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`,
              gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`,
              gap: GAP * wu,
            }}
          >
            {shown.map((c) => (
              <WallTile key={c.stationId} card={c} wu={wu} t={t} onOpen={onOpen} inMaintenance={inMaintenance.has(c.stationId)} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

const n = (x: number | null, d: number): string => (x === null || !Number.isFinite(x) ? '-' : numberFormat(d).format(x));

const WallTile = memo(function WallTile({
  card,
  wu,
  t,
  onOpen,
  inMaintenance,
}: {
  card: StationCardData;
  wu: number;
  t: TFn;
  onOpen: (c: StationCardData) => void;
  inMaintenance: boolean;
}) {
  const status = t(STATUS_KEYS[card.stationStatus] ?? 'monitor:status.offline');
  return (
    <button
      {...stationCardButton(card, onOpen, inMaintenance)}
      data-status={card.stationStatus}
      className="flex min-w-0 flex-col justify-between overflow-hidden rounded-md border-l-4 bg-slate-100 px-2 py-1.5 text-left dark:bg-slate-800"
      style={{ borderLeftColor: STATUS_COLORS[card.stationStatus] ?? STATUS_COLORS[3] }}
    >
      <div className="flex min-w-0 items-start gap-1.5">
        <span className="flex shrink-0 items-center" style={{ height: `calc(20 * var(--wu))` }}>
          <StatusIcon status={card.stationStatus} label={status} size={Math.round(10 * wu)} />
        </span>
        {/* two lines for a long name before it is cut (its whole name on hover) */}
        <span className="line-clamp-2 min-w-0 flex-1 font-semibold break-words" title={card.stationName}>
          {card.stationName}
        </span>
      </div>
      <div className="flex min-w-0 items-center gap-1.5 text-xs">
        <span className="truncate font-semibold" style={{ color: STATUS_COLORS[card.stationStatus] ?? STATUS_COLORS[3] }}>
          {status}
        </span>
        {inMaintenance && <MaintenanceTag t={t} />}
      </div>
      <div className="grid grid-cols-2 gap-1.5">
        <TileFigure label={t('home:matrix.activePower')} value={n(card.activePower, 1)} unit="kW" />
        <TileFigure label={t('home:matrix.soc')} value={n(card.soc, 1)} unit="%" />
      </div>
    </button>
  );
});

const TileFigure = ({ label, value, unit }: { label: string; value: string; unit: string }) => (
  <div className="min-w-0">
    <div className="truncate text-xs text-slate-500 dark:text-slate-400" title={label}>
      {label}
    </div>
    <div className="text-base font-semibold whitespace-nowrap tabular-nums" data-value>
      {value}
      {value !== '-' && <span className="ml-0.5 text-xs font-normal text-slate-500 dark:text-slate-400">{unit}</span>}
    </div>
  </div>
);
