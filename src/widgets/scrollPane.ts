// The class of a long list's scrolling box. Its opaque background is what lets Chromium scroll
// it on the compositor: a scroller without one is painted with the page (to keep sub-pixel text
// over whatever lies behind it), so every scroll step repaints and re-rasters every visible row.
// With it, a step paints only the rows that enter. The colour is the card's the list sits on.
export const SCROLL_PANE = 'overflow-auto bg-white dark:bg-slate-900';
