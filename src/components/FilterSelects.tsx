// A filter bar's drop-downs in a row, from a list of their specs: each a FilterSelect whose first
// choice reads "<label>: <all>".
import { FilterSelect, type FilterOption } from './FilterSelect';

export interface FilterSpec {
  testId: string;
  label: string;
  /** '' for all */
  value: string | number;
  options: readonly FilterOption[];
  /** the chosen value, '' for all */
  onChange: (value: string) => void;
  className?: string;
}

export function FilterSelects({ all, filters }: { all: string; filters: readonly FilterSpec[] }) {
  return (
    <>
      {filters.map((f) => (
        <FilterSelect key={f.testId} all={all} {...f} />
      ))}
    </>
  );
}
