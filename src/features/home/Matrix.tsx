// Station matrix of the homepage (SPEC §2 cards), virtualized by card rows.
import { useVirtualList } from '../../widgets/VirtualRows';
import { memo, useEffect, useState, type ReactNode } from 'react';
import { StationCard, type StationCardData } from '../../components/StationCard';
import type { TFn } from '../../i18n/i18n';
import type { MoneyLang } from '../../../streams/format/money';
import { SCROLL_PANE } from '../../widgets/scrollPane';
import { boxClass } from './StatBlock';

const CARD_H = 150;
// wide enough for three figures whose names and values read whole ("Installed capacity", "-0.47 10k CNY")
const CARD_MIN_W = 300;
const GAP = 12;

export function Matrix({
  cards,
  age,
  t,
  lang,
  onOpen,
  inMaintenance,
}: {
  cards: readonly StationCardData[] | null;
  age: ReactNode;
  t: TFn;
  lang: MoneyLang;
  onOpen: (c: StationCardData) => void;
  inMaintenance: ReadonlySet<number>;
}) {
  const [cols, setCols] = useState(4);
  const list = cards ?? [];
  const rows = Math.ceil(list.length / cols);
  const { scroller, v } = useVirtualList(rows, CARD_H + GAP, 2);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setCols(Math.max(1, Math.floor((el.clientWidth + GAP) / (CARD_MIN_W + GAP)))));
    ro.observe(el);
    return () => ro.disconnect();
  }, [scroller]);
  // what every row is drawn from (MatrixRow is memoised on each of these)
  const shared = { list, cols, t, lang, onOpen, inMaintenance };
  return (
    <section className={boxClass} data-testid="station-matrix">
      <header className="mb-2 flex items-center justify-between">
        <h2 className="font-semibold">
          {t('home:matrix.title')} <span className="text-sm font-normal text-slate-500">({list.length})</span>
        </h2>
        {age}
      </header>
      {/* size and paint contained (its height is fixed, its width its box's): a card entering
          while scrolling lays out and paints nothing outside the scroller */}
      <div ref={scroller} className={`h-[480px] [contain:strict] ${SCROLL_PANE}`} data-testid="matrix-scroller">
        {cards !== null && list.length === 0 ? (
          <p className="p-8 text-center text-slate-500" data-testid="empty">
            {t('noDate')}
          </p>
        ) : (
          <div style={{ height: v.getTotalSize(), position: 'relative' }}>
            {v.getVirtualItems().map((vi) => (
              <MatrixRow key={vi.key} index={vi.index} start={vi.start} {...shared} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

interface MatrixRowProps {
  list: readonly StationCardData[];
  index: number;
  start: number;
  cols: number;
  t: TFn;
  lang: MoneyLang;
  onOpen: (c: StationCardData) => void;
  inMaintenance: ReadonlySet<number>;
}

/**
 * One row of cards, drawn again only when its place, the cards or the column count change: the
 * virtualizer renders the matrix on every scroll event, and only an entering row has work to do.
 */
const MatrixRow = memo(function MatrixRow({ list, index, start, cols, t, lang, onOpen, inMaintenance }: MatrixRowProps) {
  return (
    <div
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        height: CARD_H,
        transform: `translateY(${start}px)`,
        display: 'grid',
        gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`,
        gap: GAP,
      }}
    >
      {list.slice(index * cols, index * cols + cols).map((c) => (
        <StationCard key={c.stationId} card={c} t={t} lang={lang} onClick={onOpen} inMaintenance={inMaintenance.has(c.stationId)} />
      ))}
    </div>
  );
});
