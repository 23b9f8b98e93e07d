import { describe, expect, it } from 'vitest';
import { VirtualTimeScheduler } from 'rxjs';
import { createStore } from '../store';
import { initialState } from '../state';
import { startPopupPump } from '../effects/popups';
import { startMessageAutoHide } from '../effects/message';
import { poll, pollDelay } from '../poll';
import type { Api } from '../api/client';
import { startMaintenance } from '../alarms/maintenance';
import { startBadge } from '../effects/badge';
import { pushOrg$ } from '../push/start';
import { alarm, profile } from './fixtures';

describe('pop-up pump', () => {
  it('shows the first at once and the rest 300 ms apart', () => {
    const scheduler = new VirtualTimeScheduler();
    const store = createStore(initialState({ token: 't', currentOrg: { id: 7, name: 'S' } }));
    const shownAt: number[] = [];
    store.events$.subscribe((e) => e.type === 'popups/shown' && shownAt.push(e.at));
    startPopupPump(store, { scheduler, immediate: scheduler });
    store.dispatch({ type: 'alarms/received', alarms: [alarm(1), alarm(2), alarm(3)], at: 0, live: true });
    scheduler.flush();
    expect(shownAt).toEqual([0, 300, 600]);
    expect(store.getState().popups.visible).toEqual([1, 2, 3]);
  });
});

describe('message bar', () => {
  it('hides after 2 s', () => {
    const scheduler = new VirtualTimeScheduler();
    const store = createStore();
    startMessageAutoHide(store, scheduler);
    store.dispatch({ type: 'message/shown', messageType: 'success', text: { key: 'x' }, at: 0 });
    expect(store.getState().message.show).toBe(true);
    scheduler.flush();
    expect(store.getState().message.show).toBe(false);
    expect(scheduler.now()).toBe(2000);
  });
});

describe('polling with backoff', () => {
  it('doubles the wait after each failure and resets after success', () => {
    expect([0, 1, 2, 3, 10].map((n) => pollDelay(n, 1000, 5000))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('schedules the next fetch by the result', async () => {
    let n = 0;
    const results: boolean[] = [];
    const times: number[] = [];
    const scheduler = new VirtualTimeScheduler();
    poll({
      fetch: async () => {
        times.push(scheduler.now());
        n += 1;
        if (n <= 2) throw new Error('down');
        return n;
      },
      intervalMs: 1000,
      maxMs: 60_000,
      scheduler,
    }).subscribe((r) => results.push(r.ok));
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 0));
      scheduler.flush();
    }
    expect(results.slice(0, 4)).toEqual([false, false, true, true]);
    expect(times.slice(0, 4)).toEqual([0, 2000, 6000, 7000]);
  });
});

describe("the shell's own reads (alarm badge, maintenance windows)", () => {
  const recorder = () => {
    const calls: string[] = [];
    const api = {
      call: (action: string, payload: { orgId?: number; alarmRecordVo?: { orgId: number } }) => {
        calls.push(`${action}:${payload.orgId ?? payload.alarmRecordVo?.orgId}`);
        return action === 'fuzzyAlarmRecord' ? Promise.resolve({ totalCount: 0, dataList: [] }) : Promise.resolve({ dataList: [] });
      },
    } as unknown as Api;
    return { calls, api };
  };
  /** a platform user signs in and its providers load: none is picked yet */
  const platformSignsIn = (store: ReturnType<typeof createStore>) => {
    store.dispatch({ type: 'session/loggedIn', token: 't', profile: profile({ orgType: 1, orgId: 1 }), currentOrg: { id: 1, name: 'Platform' } });
    store.dispatch({
      type: 'session/orgsLoaded',
      orgs: [
        { id: 2, name: 'Sunrise' },
        { id: 3, name: 'Pearl' },
      ],
    });
  };

  it("a platform user's wait for the provider that will be picked: no read of the platform's own", () => {
    const { calls, api } = recorder();
    const store = createStore();
    const subs = [startBadge(store, api, { scheduler: new VirtualTimeScheduler() }), startMaintenance(store, api)];
    platformSignsIn(store);
    expect(calls).toEqual([]);
    store.dispatch({ type: 'session/orgSelected', org: { id: 2, name: 'Sunrise' } });
    expect(calls.sort()).toEqual(['fuzzyAlarmRecord:2', 'queryMaintenanceWindows:2']);
    store.dispatch({ type: 'session/orgSelected', org: { id: 3, name: 'Pearl' } });
    expect(calls.slice(2).sort()).toEqual(['fuzzyAlarmRecord:3', 'queryMaintenanceWindows:3']);
    subs.forEach((s) => s.unsubscribe());
  });

  it('the push channel follows the same org: none while a platform user is settling, then the provider picked', () => {
    const store = createStore();
    const seen: (number | null)[] = [];
    const sub = pushOrg$(store).subscribe((o) => seen.push(o));
    platformSignsIn(store);
    store.dispatch({ type: 'session/orgSelected', org: { id: 2, name: 'Sunrise' } });
    store.dispatch({ type: 'session/orgSelected', org: { id: 3, name: 'Pearl' } });
    expect(seen).toEqual([null, 2, 3]);
    sub.unsubscribe();
  });

  it("a provider's user reads their own org at sign-in", () => {
    const { calls, api } = recorder();
    const store = createStore();
    const subs = [startBadge(store, api, { scheduler: new VirtualTimeScheduler() }), startMaintenance(store, api)];
    store.dispatch({ type: 'session/loggedIn', token: 't', profile: profile(), currentOrg: { id: 7, name: 'Sunrise' } });
    expect(calls.sort()).toEqual(['fuzzyAlarmRecord:7', 'queryMaintenanceWindows:7']);
    subs.forEach((s) => s.unsubscribe());
  });
});
