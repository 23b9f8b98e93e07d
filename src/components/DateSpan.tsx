// A custom range's two dates, "from – to", as a filter bar shows them when its range picker is on
// "custom". A bounded span names each date on hover and keeps "from" on or before "to".
import { Fragment } from 'react';
import { FILTER_CONTROL } from './FilterSelect';

export interface Span {
  from: string;
  to: string;
}

export function DateSpan({
  value,
  onChange,
  labels,
  testIds,
  bounded = false,
}: {
  value: Span;
  onChange: (p: Partial<Span>) => void;
  labels: Span;
  testIds?: Span;
  bounded?: boolean;
}) {
  const ends = [
    { end: 'from', limits: bounded ? { max: value.to || undefined } : {} },
    { end: 'to', limits: bounded ? { min: value.from || undefined } : {} },
  ] as const;
  return (
    <>
      {ends.map(({ end, limits }) => (
        <Fragment key={end}>
          {end === 'to' && <span className="text-slate-400">–</span>}
          <input
            data-testid={testIds?.[end]}
            type="date"
            aria-label={labels[end]}
            title={bounded ? labels[end] : undefined}
            className={FILTER_CONTROL}
            value={value[end]}
            {...limits}
            onChange={(e) => onChange({ [end]: e.target.value })}
          />
        </Fragment>
      ))}
    </>
  );
}
