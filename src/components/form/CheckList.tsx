// A titled list of tick boxes, each labelled with the name a person reads (stations, accounts,
// roles), with a search over the names once the list is long enough to need one.
import { useMemo, useState, type ReactNode } from 'react';
import { CheckField, tickOf } from './ChoiceFields';
import { FieldError, LEGEND } from './Field';

export interface Named {
  id: number;
  name: string;
}

export function CheckList({
  legend,
  note,
  search,
  items,
  value,
  onChange,
  testId,
  searchFrom = 0,
  searchTestId,
  itemTestId,
  listClassName,
  error,
}: {
  legend: string;
  /** after the legend, in brackets: how much is chosen (nothing when null) */
  note: ReactNode;
  /** the search box's placeholder and name */
  search: string;
  items: readonly Named[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  testId: string;
  /** the search box shows only for more items than this */
  searchFrom?: number;
  searchTestId?: string;
  itemTestId?: string;
  /** the list's height limit */
  listClassName: string;
  /** an error line under the list (its test id `<testId>-error`); none when not given */
  error?: string | null;
}) {
  const [q, setQ] = useState('');
  const shown = useMemo(() => {
    const k = q.trim().toLowerCase();
    return k ? items.filter((i) => i.name.toLowerCase().includes(k)) : items;
  }, [items, q]);
  const tick = tickOf(value, onChange);
  return (
    <fieldset className="flex min-w-0 flex-col gap-1" data-testid={testId} aria-invalid={error === undefined ? undefined : !!error}>
      <legend className={LEGEND}>
        {legend}
        {note != null && <span className="ml-2 font-normal text-slate-400">({note})</span>}
      </legend>
      {items.length > searchFrom && (
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={search}
          aria-label={search}
          className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
          data-testid={searchTestId}
        />
      )}
      <div className={`${listClassName} overflow-y-auto rounded-md border border-slate-200 p-1 text-sm dark:border-slate-700`}>
        {shown.map((i) => (
          <CheckField
            key={i.id}
            gap="gap-1.5"
            className="px-1 py-0.5"
            label={
              <span className="truncate" title={i.name}>
                {i.name}
              </span>
            }
            {...tick(i.id)}
            testId={itemTestId}
          />
        ))}
      </div>
      {error !== undefined && <FieldError text={error} testId={`${testId}-error`} />}
    </fieldset>
  );
}
