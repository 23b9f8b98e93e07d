// A list's keyword box: its label doubles as the placeholder, and every keystroke goes out at once
// (the lists filter what they already hold).
export function SearchBox({
  label,
  value,
  onChange,
  testId,
  width,
  padding = 'px-2',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
  /** literal Tailwind classes, so the build sees them */
  width: 'w-40' | 'w-44' | 'w-52' | 'w-56' | 'w-64' | 'w-72' | 'flex-1';
  padding?: 'px-2' | 'px-2.5';
}) {
  return (
    <input
      type="search"
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
      className={`h-8 ${width} rounded-md border border-slate-300 bg-white ${padding} text-sm dark:border-slate-600 dark:bg-slate-800`}
    />
  );
}
