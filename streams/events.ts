// Every change to the store is one of these past-tense events (Redux style guide: events, not
// setters). Reducers are pure; timestamps are passed in by the effects that saw them happen.
import type { DataEvent } from './slices/events';
import type { MaintenanceEvent } from './alarms/maintenanceState';
import type { AlarmPush, Language, MessageText, MessageType, Org, Profile } from './types';

export type PushStatus = 'idle' | 'connecting' | 'online' | 'offline';

export type StoreEvent =
  // session (SPEC §3)
  | { type: 'session/restored'; token: string | null; profile: Profile | null; currentOrg: Org | null; language: Language; sidebarOpen: boolean }
  | { type: 'session/loggedIn'; token: string; profile: Profile; currentOrg: Org }
  | { type: 'session/profileLoaded'; profile: Profile }
  | { type: 'session/loggedOut' }
  | { type: 'session/expired' }
  | { type: 'session/orgsLoaded'; orgs: Org[] }
  | { type: 'session/orgSelected'; org: Org }
  | { type: 'ui/sidebarToggled'; open: boolean }
  | { type: 'station/infoLoaded'; stationId: number; name: string; providerName: string; customerName: string; outOfScope?: boolean }
  | { type: 'station/left' }
  // messages and loading
  | { type: 'message/shown'; messageType: MessageType; text: MessageText; at: number }
  | { type: 'message/hidden'; seq: number }
  | { type: 'loading/started' }
  | { type: 'loading/finished' }
  // alarms
  /** maxId: the newest alarm id the count includes; live alarms above it are added on top */
  | { type: 'alarms/countLoaded'; total: number; orgId: number; maxId?: number }
  | { type: 'alarms/countFailed'; orgId: number }
  | { type: 'alarms/received'; alarms: AlarmPush[]; at: number; live: boolean }
  | { type: 'alarms/listLoaded'; alarms: AlarmPush[] }
  | { type: 'popups/shown'; at: number }
  | { type: 'popups/closed'; alarmId: number }
  | { type: 'popups/overflowCleared' }
  /** a burst of pop-ups folds into the group card (streams/alarms/popupGroups.ts) */
  | { type: 'popups/grouped'; alarmIds: number[] }
  /** the group card dismissed as a whole */
  | { type: 'popups/groupClosed' }
  /** stations in maintenance (streams/alarms/maintenance.ts) */
  | MaintenanceEvent
  // connection status
  | { type: 'push/statusChanged'; status: PushStatus; at: number }
  | { type: 'api/succeeded'; at: number }
  | { type: 'api/unreachable'; at: number }
  /** the browser's network went away or came back (navigator.onLine) */
  | { type: 'network/changed'; online: boolean; at: number }
  // polled data (homepage, monitoring hall, station screens)
  | DataEvent;
