// Pure reducer: (state, event) -> state via immer. No clocks, no random ids, no I/O.
import { produce, setAutoFreeze, type Draft } from 'immer';
import { ALARM_RING_CAP, POPUP_QUEUE_CAP, POPUP_VISIBLE_CAP } from './constants';
import type { StoreEvent } from './events';
import type { DataEvent } from './slices/events';
import { reduceData, recolour } from './slices/reducer';
import { initialData } from './slices/types';
import { initialState, type State } from './state';
import { ACTION_WAY_SOUND, type AlarmPush } from './types';
import { badgeWeight, isSilent, pushVersion, weightBefore } from './alarms/pushState';
import { reduceMaintenance } from './alarms/maintenanceState';

// Immutability is by convention (reducers never mutate); auto-freeze would walk the alarm ring
// on every event, which an alarm storm cannot afford.
setAutoFreeze(false);

const clearAlarms = (d: Draft<State>): void => {
  const fresh = initialState();
  d.alarms = fresh.alarms;
  d.popups = fresh.popups;
};

/**
 * Alarms arriving (live pushes or a loaded list), without immer: under a storm this runs ~60
 * times a second on a 2,000-entry ring, and immer's draft + finalize walk over every entry
 * cost more than the rest of the pipeline together. One shallow copy per batch instead.
 */
function receive(s: State, alarms: readonly AlarmPush[], live: boolean, at: number | null): State {
  const prevById = s.alarms.byId;
  let byId: Record<number, AlarmPush> | null = null;
  let { badge, receivedTotal, lastId } = s.alarms;
  const badgeOrgId = s.alarms.badgeOrgId;
  let queue: number[] | null = null;
  let overflow = s.popups.overflow;
  const onScreen = s.popups.visible.length;
  const fresh: number[] = [];
  /** acknowledged or resolved while still waiting for a pop-up slot: they no longer pop up */
  let settled: Set<number> | null = null;
  for (const m of alarms) {
    const prev = (byId ?? prevById)[m.alarmId];
    if (prev && pushVersion(prev) === pushVersion(m)) continue; // duplicate delivery
    if (live) {
      receivedTotal += 1;
      // the badge counts unresolved, unacknowledged alarms (an acknowledgement leaves it)
      if (badgeOrgId === null || badgeOrgId === m.orgId) badge = Math.max(0, badge + badgeWeight(m) - (prev ? badgeWeight(prev) : weightBefore(m)));
    }
    if (prev && badgeWeight(m) === 0) (settled ??= new Set()).add(m.alarmId);
    if (m.alarmId > lastId) lastId = m.alarmId;
    byId ??= { ...prevById };
    byId[m.alarmId] = m;
    if (!prev) fresh.push(m.alarmId);
    // shelved and in-maintenance raises are listed but never pop up (nor sound)
    if (live && !prev && m.status === 'unresolved' && !isSilent(m)) {
      queue ??= [...s.popups.queue];
      if (onScreen + queue.length < POPUP_VISIBLE_CAP + POPUP_QUEUE_CAP) queue.push(m.alarmId);
      else overflow += 1;
    }
  }
  if (byId === null) return s;
  let ids = s.alarms.ids;
  if (settled) {
    const drop = settled;
    const before = queue ?? s.popups.queue;
    queue = before.filter((id) => !drop.has(id));
    // a pop-up kept past the ring only for its slot is forgotten once it no longer waits
    for (const id of before) if (drop.has(id) && !ids.includes(id) && !s.popups.visible.includes(id)) delete byId[id];
  }
  if (fresh.length) {
    // newest first; ids grow over time, so a fresh batch mostly goes in front
    fresh.sort((x, y) => y - x);
    ids = fresh.concat(ids);
    if (fresh.length && ids.length > fresh.length && fresh[fresh.length - 1]! < ids[fresh.length]!) ids.sort((x, y) => y - x);
    if (ids.length > ALARM_RING_CAP) {
      const keep = new Set<number>([...(queue ?? s.popups.queue), ...s.popups.visible, ...(s.popups.group ?? [])]);
      for (const gone of ids.splice(ALARM_RING_CAP)) if (!keep.has(gone)) delete byId[gone];
    }
  }
  return {
    ...s,
    alarms: { ...s.alarms, badge, receivedTotal, lastId, byId, ids },
    popups: queue || overflow !== s.popups.overflow ? { ...s.popups, queue: queue ?? s.popups.queue, overflow } : s.popups,
    connection: at !== null && alarms.length ? { ...s.connection, lastDataAt: at } : s.connection,
  };
}

/**
 * A burst folds into the group card: its alarms leave the single cards and the queue, the ones
 * the storm cap had only counted ("+N more") are counted there no more, and a group holding a
 * 35003 alarm not yet shown sounds its category once.
 */
function groupPopups(d: Draft<State>, alarmIds: readonly number[]): void {
  const p = d.popups;
  const grouped = new Set(p.group ?? []);
  let counted = 0;
  let sound: number | null = null;
  for (const id of alarmIds) {
    if (grouped.has(id)) continue;
    const queued = p.queue.includes(id);
    if (!queued && !p.visible.includes(id)) counted += 1;
    if (!p.visible.includes(id) && sound === null && d.alarms.byId[id]?.actionWay === ACTION_WAY_SOUND) sound = id;
    grouped.add(id);
  }
  p.queue = p.queue.filter((id) => !grouped.has(id));
  p.visible = p.visible.filter((id) => !grouped.has(id));
  p.overflow = Math.max(0, p.overflow - counted);
  p.group = [...grouped];
  const m = sound === null ? undefined : d.alarms.byId[sound];
  if (m) p.sound = { seq: (p.sound?.seq ?? 0) + 1, alarmId: m.alarmId, category: m.alarmCategory };
}

const DATA_EVENT = /^(home|stations|providers|live|polled)\//;

export const reduce = (state: State, e: StoreEvent): State => {
  if (e.type === 'alarms/received') {
    const next = receive(state, e.alarms, e.live, e.at);
    // only alarms the ring took in (not duplicates) recolour their stations
    return e.live && next !== state ? recolour(next, e.alarms) : next;
  }
  if (e.type === 'alarms/listLoaded') return receive(state, e.alarms, false, null);
  if (e.type === 'maintenance/loaded' || e.type === 'maintenance/pushed') return { ...state, maintenance: reduceMaintenance(state.maintenance, e) };
  if (DATA_EVENT.test(e.type)) return reduceData(state, e as DataEvent);
  return produce(state, (d) => {
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
        Object.assign(d, initialData());
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
        if (e.type === 'session/loggedOut') Object.assign(d, initialData());
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
        d.station = {
          show: true,
          name: e.name,
          stationId: e.stationId,
          providerName: e.providerName,
          customerName: e.customerName,
          outOfScope: e.outOfScope ?? false,
        };
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
      case 'alarms/countLoaded': {
        // live unresolved alarms newer than the query's newest are not in its count yet
        let newer = 0;
        if (e.maxId !== undefined)
          for (const id of d.alarms.ids) {
            if (id <= e.maxId) break;
            if (d.alarms.byId[id]?.status === 'unresolved' && !d.alarms.byId[id]?.ackedAt && d.alarms.byId[id]?.orgId === e.orgId) newer += 1;
          }
        d.alarms.badge = e.total + newer;
        d.alarms.badgeOrgId = e.orgId;
        return;
      }
      case 'alarms/countFailed':
        // SPEC §8: a failed alarm count load sets the badge to 0
        d.alarms.badge = 0;
        d.alarms.badgeOrgId = e.orgId;
        return;
      case 'popups/shown': {
        const p = d.popups;
        if (p.queue.length === 0 || p.visible.length >= POPUP_VISIBLE_CAP) return;
        const id = p.queue.shift()!;
        p.visible.push(id);
        p.lastShownAt = e.at;
        const m = d.alarms.byId[id];
        if (m && m.actionWay === ACTION_WAY_SOUND) p.sound = { seq: (p.sound?.seq ?? 0) + 1, alarmId: id, category: m.alarmCategory };
        return;
      }
      case 'popups/closed':
        d.popups.visible = d.popups.visible.filter((x) => x !== e.alarmId);
        if (d.popups.group) {
          const rest = d.popups.group.filter((x) => x !== e.alarmId);
          d.popups.group = rest.length ? rest : null;
        }
        // kept past the ring only while on screen: a wall left for weeks must not keep them all
        if (!d.alarms.ids.includes(e.alarmId) && !d.popups.queue.includes(e.alarmId)) delete d.alarms.byId[e.alarmId];
        return;
      case 'popups/grouped':
        groupPopups(d, e.alarmIds);
        return;
      case 'popups/groupClosed':
        for (const id of d.popups.group ?? [])
          if (!d.alarms.ids.includes(id) && !d.popups.queue.includes(id) && !d.popups.visible.includes(id)) delete d.alarms.byId[id];
        d.popups.group = null;
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
      case 'network/changed':
        // offline: nothing can reach the server; online: the next answer says whether it can
        d.connection.network = e.online ? 'online' : 'offline';
        if (!e.online) d.connection.api = 'offline';
        return;
    }
  });
};
