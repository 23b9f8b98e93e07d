// A grid table's rows as cards below 640 px (docs/console.md, phone layout): the head row is
// hidden, each row lays its cells out two abreast, and each cell shows its column's name
// (its data-label) above its value, which wraps instead of being cut.

/** for the row, after its grid class */
export const PHONE_ROW = 'max-sm:grid-cols-2 max-sm:items-start max-sm:gap-y-2 max-sm:py-3';
/** for each cell, with data-label set to its column's name */
export const PHONE_CELL =
  'max-sm:whitespace-normal max-sm:break-words max-sm:before:block max-sm:before:w-full max-sm:before:text-xs max-sm:before:font-normal max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]';
/** a cell that takes the card's whole width (a long text, the actions) */
export const PHONE_WIDE = 'max-sm:col-span-2';

/** a <table> whose rows are cards below 640 px: on the table, its thead, tbody and each tr */
export const PHONE_TABLE = {
  table: 'max-sm:block',
  thead: 'max-sm:hidden',
  tbody: 'max-sm:flex max-sm:flex-col max-sm:gap-2 max-sm:p-2',
  tr: 'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:p-3 max-sm:dark:border-slate-700',
} as const;
