// How many rows a list holds, said as a status message (WCAG 4.1.3): when a filter, a search or a
// reload changes the count, a screen reader says the new one without moving the focus, as a
// sighted reader sees it change beside the filters.
export function ResultCount({
  text,
  testId,
  small = false,
  className = '',
}: {
  text: string;
  testId?: string;
  /** the smaller type of a crowded bar (the station and provider lists, the message list) */
  small?: boolean;
  /** where it sits in its bar (ml-auto, self-center) */
  className?: string;
}) {
  return (
    <span role="status" data-testid={testId} className={`${small ? 'text-xs' : 'text-sm'} text-slate-500 ${className}`}>
      {text}
    </span>
  );
}
