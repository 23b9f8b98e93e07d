// A searchable list of tick boxes for naming accounts or roles: each box is labelled with the
// name a person reads, so a shift is built by names, not by numbers.
import { useMemo, useState } from 'react';

export interface Pick {
  id: number;
  name: string;
}

export function PickList({
  legend,
  search,
  items,
  value,
  onChange,
  testId,
}: {
  legend: string;
  search: string;
  items: readonly Pick[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  testId: string;
}) {
  const [q, setQ] = useState('');
  const shown = useMemo(() => {
    const k = q.trim().toLowerCase();
    return k ? items.filter((i) => i.name.toLowerCase().includes(k)) : items;
  }, [items, q]);
  const chosen = new Set(value);
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((x) => x !== id));
  return (
    <fieldset className="flex min-w-0 flex-col gap-1" data-testid={testId}>
      <legend className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-400">
        {legend}
        {value.length > 0 && <span className="ml-2 font-normal text-slate-400">({value.length})</span>}
      </legend>
      {items.length > 8 && (
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={search}
          aria-label={search}
          className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
      )}
      <div className="max-h-28 overflow-y-auto rounded-md border border-slate-200 p-1 text-sm dark:border-slate-700">
        {shown.map((i) => (
          <label key={i.id} className="flex items-center gap-1.5 px-1 py-0.5">
            <input type="checkbox" className="accent-brand-600" checked={chosen.has(i.id)} onChange={(e) => toggle(i.id, e.target.checked)} />
            <span className="truncate" title={i.name}>
              {i.name}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
