// Past-tense events of the polled data slices, as their domains define them. `key` names the
// request (scope, provider…) an answer belongs to; `at` is when it arrived (reducers never read
// a clock).
import type { HomeEvent } from '../home/state';
import type { MonitorEvent } from '../monitor/state';
import type { PolledEvent } from '../polled/state';
import type { LiveSliceEvent } from '../station/liveState';

export type DataEvent = HomeEvent | MonitorEvent | LiveSliceEvent | PolledEvent;
