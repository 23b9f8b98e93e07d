// A row of WAI-ARIA tabs over Headless UI: arrow keys, Home and End move between tabs, the
// selected one is the only Tab stop. The panel is the caller's (it often is a whole page part),
// so the tabs only say which one is shown.
import { Tab, TabGroup, TabList } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface TabItem<K extends string> {
  id: K;
  label: ReactNode;
  testId?: string;
}

const LOOKS = {
  underline: {
    list: 'flex gap-1 border-b border-slate-200 dark:border-slate-700',
    tab: '-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-slate-500 dark:text-slate-400 data-selected:border-brand-600 data-selected:font-medium data-selected:text-brand-700 dark:data-selected:text-brand-400',
  },
  folder: {
    list: 'flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700',
    tab: '-mb-px rounded-t-md border border-transparent px-3 py-1.5 text-sm data-selected:border-slate-200 data-selected:border-b-white data-selected:bg-white data-selected:font-semibold dark:data-selected:border-slate-700 dark:data-selected:border-b-slate-900 dark:data-selected:bg-slate-900',
  },
} as const;

export function TabBar<K extends string>({
  items,
  selected,
  onChange,
  label,
  look = 'underline',
}: {
  items: readonly TabItem<K>[];
  selected: K;
  onChange: (id: K) => void;
  label?: string;
  look?: keyof typeof LOOKS;
}) {
  const index = Math.max(
    0,
    items.findIndex((x) => x.id === selected),
  );
  return (
    <TabGroup selectedIndex={index} onChange={(i) => onChange(items[i]!.id)}>
      <TabList aria-label={label} className={LOOKS[look].list}>
        {items.map((x) => (
          <Tab key={x.id} data-testid={x.testId} className={LOOKS[look].tab}>
            {x.label}
          </Tab>
        ))}
      </TabList>
    </TabGroup>
  );
}
