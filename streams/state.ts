// The one normalised state of the console (SPEC §3 session entities + alarms + connection).
import type { PushStatus } from './events';
import { initialData, type DataState } from './slices/types';
import type { MaintenanceSpans } from './alarms/maintenanceState';
import type { AlarmPush, Language, MessageText, MessageType, Org, Profile } from './types';

export interface SessionState {
  token: string | null;
  profile: Profile | null;
  currentOrg: Org | null;
  language: Language;
  sidebarOpen: boolean;
  /** "route access": the menu built from the profile's permissions (SPEC §2 routing rules). */
  menuBuilt: boolean;
  /** service providers (orgType 1 switcher), normalised */
  orgs: { ids: number[]; byId: Record<number, Org> };
}

export interface State extends DataState {
  session: SessionState;
  /** outOfScope: the server answered notFound for the station (not one this account may see) */
  station: { show: boolean; name: string; stationId: number | null; providerName: string; customerName: string; outOfScope: boolean };
  message: { show: boolean; type: MessageType; text: MessageText; seq: number; at: number };
  loading: number;
  alarms: {
    /** SPEC §4 badge: unresolved alarms of the current org */
    badge: number;
    badgeOrgId: number | null;
    /** every unique live alarm the store counted since sign-in (never drops one) */
    receivedTotal: number;
    /** highest alarm id seen: the catch-up cursor after a reconnect */
    lastId: number;
    byId: Record<number, AlarmPush>;
    /** newest first, capped at ALARM_RING_CAP */
    ids: number[];
  };
  popups: {
    /** waiting for their 300 ms slot */
    queue: number[];
    /** on screen, oldest first */
    visible: number[];
    /** alarms not shown individually: the "+N more" summary */
    overflow: number;
    lastShownAt: number | null;
    /** last pop-up that asked for a sound (35003): the UI plays it when seq changes */
    sound: { seq: number; alarmId: number; category: AlarmPush['alarmCategory'] } | null;
    /** a burst folded into one card ("12 new alarms at 3 stations"), in arrival order */
    group: number[] | null;
  };
  /** maintenance windows of the current provider, active or planned, by window id */
  maintenance: MaintenanceSpans;
  connection: {
    push: PushStatus;
    pushChangedAt: number | null;
    api: 'online' | 'offline';
    /** the browser's network (navigator.onLine) */
    network: 'online' | 'offline';
    /** last time any data arrived (API success or a push) */
    lastDataAt: number | null;
  };
}

export const initialState = (over: Partial<SessionState> = {}): State => ({
  session: {
    token: null,
    profile: null,
    currentOrg: null,
    language: 'zh',
    sidebarOpen: true,
    menuBuilt: false,
    orgs: { ids: [], byId: {} },
    ...over,
  },
  station: { show: false, name: '', stationId: null, providerName: '', customerName: '', outOfScope: false },
  message: { show: false, type: 'success', text: { key: '' }, seq: 0, at: 0 },
  loading: 0,
  alarms: { badge: 0, badgeOrgId: null, receivedTotal: 0, lastId: 0, byId: {}, ids: [] },
  popups: { queue: [], visible: [], overflow: 0, lastShownAt: null, sound: null, group: null },
  maintenance: {},
  connection: { push: 'idle', pushChangedAt: null, api: 'online', network: 'online', lastDataAt: null },
  ...initialData(),
});
