// The figure cards above an analysis screen's chart, as many to a row as the screen's figures
// fill evenly at each width.
import { FigureCard } from './FigureCard';
import type { Sheet } from './sheet';

interface Props {
  sheet: Sheet;
  currency: string;
  /** the grid's columns from the lg and xl widths up (two below) */
  columns: string;
}

export function FigureGrid({ sheet, currency, columns }: Props) {
  return (
    <div className={`grid grid-cols-2 gap-3 ${columns}`} data-testid="analysis-figures">
      {sheet.figures.map((f) => (
        <FigureCard key={f.key} figure={f.key} value={f.value} compare={f.compare} currency={currency} note={f.note} />
      ))}
    </div>
  );
}
