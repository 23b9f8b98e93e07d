// SPEC §9 business constants used by the store and shell.
export const REQUEST_TIMEOUT_MS = 30_000;
export const ALARM_COUNT_PAGE_SIZE = 1000;
export const MESSAGE_AUTO_HIDE_MS = 2000;
export const POPUP_SPACING_MS = 300;
export const ORG_SWITCH_RELOAD_MS = 300;
export const RESIZE_DEBOUNCE_MS = 300;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Pop-ups on screen at once; the rest are summarised as "+N more" (storm safety). */
export const POPUP_VISIBLE_CAP = 4;
/** Pending pop-ups waiting for their 300 ms slot; beyond this they go to the "+N more" count. */
export const POPUP_QUEUE_CAP = 8;
/** Recent alarms kept in memory for the message list. */
export const ALARM_RING_CAP = 2000;
/**
 * Alarm changes the push channel remembers to drop repeats (a catch-up overlapping live
 * pushes). Repeats arrive within seconds, so this covers ~50 s of a 200/s storm; more would
 * only make a wall screen's memory grow with every alarm it ever saw.
 */
export const PUSH_DEDUP_CAP = 10_000;
/** Alarms reach the page in batches: the first of a quiet period at once, then one per 16 ms. */
export const PUSH_BATCH_MS = 16;
/**
 * In a storm (a batch of this many or more), one batch per PUSH_BURST_BATCH_MS instead: each
 * batch costs the page a rendered frame (badge, counters), and ten a second is faster than anyone
 * reads a badge, while at 2,000 alarms a second sixty would leave the page no time of its own.
 */
export const PUSH_BURST_SIZE = 8;
export const PUSH_BURST_BATCH_MS = 100;
/** The wait before the next batch, after one of `n` alarms. */
export const nextBatchMs = (n: number): number => (n >= PUSH_BURST_SIZE ? PUSH_BURST_BATCH_MS : PUSH_BATCH_MS);
