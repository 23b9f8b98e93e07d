// A checkbox that can show "some" (indeterminate), for group rows.
import { useEffect, useRef } from 'react';
import type { Tri } from './triState';

export function TriCheckbox({
  state,
  onChange,
  label,
  disabled,
  testId,
}: {
  state: Tri;
  onChange: () => void;
  label: string;
  disabled?: boolean;
  testId?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={state === 'all'}
      aria-checked={state === 'some' ? 'mixed' : state === 'all'}
      onChange={onChange}
      disabled={disabled}
      data-testid={testId}
      data-state={state}
      className="size-4 accent-brand-600"
    />
  );
}
