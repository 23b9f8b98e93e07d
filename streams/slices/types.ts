// The polled data of the store, composed from the domains that own each part (home, monitor,
// station live, polled requests). The root imports the domains, never the reverse.
import { initialHome, type HomeState } from '../home/state';
import { initialMonitor, type MonitorState } from '../monitor/state';
import type { PolledState } from '../polled/state';
import type { LiveSlice } from '../station/liveState';

export interface DataState extends MonitorState {
  home: HomeState;
  /** live device snapshots by station id, while a station screen watches them */
  live: LiveSlice;
  /** other polled requests of the screens, by resource id */
  polled: PolledState;
}

export const initialData = (): DataState => ({ home: initialHome(), ...initialMonitor(), live: {}, polled: {} });
