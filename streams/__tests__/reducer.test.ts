import { describe, expect, it } from 'vitest';
import { POPUP_QUEUE_CAP, POPUP_VISIBLE_CAP } from '../constants';
import { reduce } from '../reducer';
import { initialState, type State } from '../state';
import type { StoreEvent } from '../events';
import { alarm, profile } from './fixtures';

const run = (events: StoreEvent[], s: State = initialState()) => events.reduce(reduce, s);
const signedIn = () =>
  run([
    { type: 'session/loggedIn', token: 't', profile: profile(), currentOrg: { id: 7, name: 'S' } },
    { type: 'alarms/countLoaded', total: 5, orgId: 7 },
  ]);

describe('reducer', () => {
  it('restores a session and builds route access only with token and profile', () => {
    const s = run([{ type: 'session/restored', token: 't', profile: profile(), currentOrg: null, language: 'en', sidebarOpen: false }]);
    expect(s.session.menuBuilt).toBe(true);
    expect(s.session.sidebarOpen).toBe(false);
    const s2 = run([{ type: 'session/restored', token: null, profile: profile(), currentOrg: null, language: 'zh', sidebarOpen: true }]);
    expect(s2.session.menuBuilt).toBe(false);
  });

  it('badge follows live pushes and counts duplicates once', () => {
    const s = run(
      [
        { type: 'alarms/received', alarms: [alarm(1), alarm(2), alarm(1)], at: 1, live: true },
        { type: 'alarms/received', alarms: [alarm(2)], at: 2, live: true },
        { type: 'alarms/received', alarms: [alarm(1, { status: 'resolved' })], at: 3, live: true },
      ],
      signedIn(),
    );
    expect(s.alarms.badge).toBe(5 + 2 - 1);
    expect(s.alarms.receivedTotal).toBe(3);
    expect(s.alarms.lastId).toBe(2);
    expect(s.alarms.ids).toEqual([2, 1]);
  });

  it('a reloaded count adds the live alarms newer than its watermark', () => {
    let s = run([{ type: 'alarms/received', alarms: [alarm(10), alarm(11), alarm(12, { status: 'resolved' })], at: 1, live: true }], signedIn());
    s = reduce(s, { type: 'alarms/countLoaded', total: 40, orgId: 7, maxId: 10 });
    expect(s.alarms.badge).toBe(41);
  });

  it('a failed count sets the badge to 0', () => {
    expect(run([{ type: 'alarms/countFailed', orgId: 7 }], signedIn()).alarms.badge).toBe(0);
  });

  it('caps pop-ups on screen and summarises the rest without losing a count', () => {
    const n = POPUP_VISIBLE_CAP + POPUP_QUEUE_CAP + 25;
    let s = run([{ type: 'alarms/received', alarms: Array.from({ length: n }, (_, i) => alarm(i + 1)), at: 1, live: true }], signedIn());
    for (let i = 0; i < 50; i++) s = reduce(s, { type: 'popups/shown', at: i * 300 });
    expect(s.popups.visible).toHaveLength(POPUP_VISIBLE_CAP);
    expect(s.popups.queue).toHaveLength(POPUP_QUEUE_CAP);
    expect(s.popups.overflow).toBe(25);
    expect(s.popups.visible.length + s.popups.queue.length + s.popups.overflow).toBe(n);
    expect(s.alarms.badge).toBe(5 + n);
    s = reduce(s, { type: 'popups/closed', alarmId: s.popups.visible[0]! });
    s = reduce(s, { type: 'popups/shown', at: 99_999 });
    expect(s.popups.visible).toHaveLength(POPUP_VISIBLE_CAP);
    expect(s.popups.queue).toHaveLength(POPUP_QUEUE_CAP - 1);
  });

  it('asks for a sound only for 35003', () => {
    let s = run([{ type: 'alarms/received', alarms: [alarm(1), alarm(2, { actionWay: 35003, alarmCategory: 'protection' })], at: 1, live: true }], signedIn());
    s = reduce(s, { type: 'popups/shown', at: 0 });
    expect(s.popups.sound).toBeNull();
    s = reduce(s, { type: 'popups/shown', at: 300 });
    expect(s.popups.sound).toEqual({ seq: 1, alarmId: 2, category: 'protection' });
  });

  it('logout clears notices, credentials and route access', () => {
    let s = run([{ type: 'alarms/received', alarms: [alarm(1)], at: 1, live: true }], signedIn());
    s = reduce(s, { type: 'session/loggedOut' });
    expect(s.session.token).toBeNull();
    expect(s.session.profile).toBeNull();
    expect(s.session.menuBuilt).toBe(false);
    expect(s.alarms.ids).toEqual([]);
    expect(s.popups.queue).toEqual([]);
  });

  it('message hide only hides the message it was scheduled for', () => {
    let s = run([{ type: 'message/shown', messageType: 'error', text: { key: 'a' }, at: 0 }]);
    s = reduce(s, { type: 'message/shown', messageType: 'success', text: { key: 'b' }, at: 1 });
    expect(reduce(s, { type: 'message/hidden', seq: 1 }).message.show).toBe(true);
    expect(reduce(s, { type: 'message/hidden', seq: 2 }).message.show).toBe(false);
  });
});
