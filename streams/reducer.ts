// Pure reducer: (state, event) -> state via immer. No clocks, no random ids, no I/O.
import { produce, type Draft } from 'immer';
import { ALARM_RING_CAP, POPUP_QUEUE_CAP, POPUP_VISIBLE_CAP } from './constants';
import type { StoreEvent } from './events';
import { initialState, type State } from './state';
import { ACTION_WAY_SOUND, type AlarmPush } from './types';

const clearAlarms = (d: Draft<State>): void => {
  const fresh = initialState();
  d.alarms = fresh.alarms;
  d.popups = fresh.popups;
};

function addAlarms(d: Draft<State>, alarms: readonly AlarmPush[], live: boolean): void {
  const a = d.alarms;
  const p = d.popups;
  const fresh: number[] = [];
  for (const m of alarms) {
    const prev = a.byId[m.alarmId];
    if (prev && prev.status === m.status) continue; // duplicate delivery
    if (live) {
      a.receivedTotal += 1;
      if (a.badgeOrgId === null || a.badgeOrgId === m.orgId) {
        if (m.status === 'unresolved') a.badge += 1;
        else if (!prev || prev.status === 'unresolved') a.badge = Math.max(0, a.badge - 1);
      }
    }
    if (m.alarmId > a.lastId) a.lastId = m.alarmId;
    a.byId[m.alarmId] = m;
    if (!prev) fresh.push(m.alarmId);
    if (live && !prev && m.status === 'unresolved') {
      if (p.visible.length + p.queue.length < POPUP_VISIBLE_CAP + POPUP_QUEUE_CAP) p.queue.push(m.alarmId);
      else p.overflow += 1;
    }
  }
  if (fresh.length === 0) return;
  // newest first; ids are monotonic per platform, so sort the fresh batch descending
  fresh.sort((x, y) => y - x);
  const merged = fresh.concat(a.ids);
  merged.sort((x, y) => y - x);
  if (merged.length > ALARM_RING_CAP) {
    const keep = new Set<number>([...p.queue, ...p.visible]);
    for (const gone of merged.splice(ALARM_RING_CAP)) if (!keep.has(gone)) delete a.byId[gone];
  }
  a.ids = merged;
}

export const reduce = (state: State, e: StoreEvent): State =>
  produce(state, (d) => {
    switch (e.type) {
      case 'session/restored':
        d.session.token = e.token;
        d.session.profile = e.profile;
        d.session.currentOrg = e.currentOrg;
        d.session.language = e.language;
        d.session.sidebarOpen = e.sidebarOpen;
        d.session.menuBuilt = e.token !== null && e.profile !== null;
        return;
      case 'session/loggedIn':
        d.session.token = e.token;
        d.session.profile = e.profile;
        d.session.currentOrg = e.currentOrg;
        d.session.menuBuilt = true;
        clearAlarms(d);
        return;
      case 'session/profileLoaded':
        d.session.profile = e.profile;
        d.session.menuBuilt = true;
        return;
      case 'session/loggedOut':
      case 'session/expired':
        d.session.token = null;
        d.session.menuBuilt = false;
        if (e.type === 'session/loggedOut') {
          d.session.profile = null;
          d.session.currentOrg = null;
          d.session.orgs = { ids: [], byId: {} };
        }
        d.station = initialState().station;
        clearAlarms(d);
        return;
      case 'session/orgsLoaded':
        d.session.orgs = {
          ids: e.orgs.map((o) => o.id),
          byId: Object.fromEntries(e.orgs.map((o) => [o.id, o])),
        };
        return;
      case 'session/orgSelected':
        if (d.session.currentOrg?.id === e.org.id) return;
        d.session.currentOrg = e.org;
        clearAlarms(d);
        return;
      case 'ui/sidebarToggled':
        d.session.sidebarOpen = e.open;
        return;
      case 'station/infoLoaded':
        d.station = { show: true, name: e.name, stationId: e.stationId };
        return;
      case 'station/left':
        d.station = initialState().station;
        return;
      case 'message/shown':
        d.message = { show: true, type: e.messageType, text: e.text, seq: d.message.seq + 1, at: e.at };
        return;
      case 'message/hidden':
        if (d.message.seq === e.seq) d.message.show = false;
        return;
      case 'loading/started':
        d.loading += 1;
        return;
      case 'loading/finished':
        d.loading = Math.max(0, d.loading - 1);
        return;
      case 'alarms/countLoaded':
        d.alarms.badge = e.total;
        d.alarms.badgeOrgId = e.orgId;
        return;
      case 'alarms/countFailed':
        // SPEC §8: a failed alarm count load sets the badge to 0
        d.alarms.badge = 0;
        d.alarms.badgeOrgId = e.orgId;
        return;
      case 'alarms/received':
        addAlarms(d, e.alarms, e.live);
        if (e.alarms.length) d.connection.lastDataAt = e.at;
        return;
      case 'alarms/listLoaded':
        addAlarms(d, e.alarms, false);
        return;
      case 'popups/shown': {
        const p = d.popups;
        if (p.queue.length === 0 || p.visible.length >= POPUP_VISIBLE_CAP) return;
        const id = p.queue.shift()!;
        p.visible.push(id);
        p.lastShownAt = e.at;
        const m = d.alarms.byId[id];
        if (m && m.actionWay === ACTION_WAY_SOUND)
          p.sound = { seq: (p.sound?.seq ?? 0) + 1, alarmId: id, category: m.alarmCategory };
        return;
      }
      case 'popups/closed':
        d.popups.visible = d.popups.visible.filter((x) => x !== e.alarmId);
        return;
      case 'popups/overflowCleared':
        d.popups.overflow = 0;
        return;
      case 'push/statusChanged':
        if (d.connection.push !== e.status) {
          d.connection.push = e.status;
          d.connection.pushChangedAt = e.at;
        }
        return;
      case 'api/succeeded':
        d.connection.api = 'online';
        d.connection.lastDataAt = e.at;
        return;
      case 'api/unreachable':
        d.connection.api = 'offline';
        return;
    }
  });
