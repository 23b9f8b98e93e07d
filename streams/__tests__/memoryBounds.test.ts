// A wall screen stays open for weeks under alarm storms: what the console keeps per alarm must
// stop growing at a documented bound, without letting repeats through.
import { describe, expect, it } from 'vitest';
import { BehaviorSubject, VirtualTimeScheduler } from 'rxjs';
import { parseAlarmPush } from '../../protocol/push';
import { ALARM_RING_CAP, POPUP_QUEUE_CAP, POPUP_VISIBLE_CAP, PUSH_DEDUP_CAP } from '../constants';
import { createPushSource, type PushClient, type PushOutput } from '../push/source';
import { reduce } from '../reducer';
import { initialState, type State } from '../state';
import type { AlarmPush } from '../types';
import { alarm } from './fixtures';

const flush = () => new Promise((r) => setTimeout(r, 0));
const TOPIC = 'ems/org/7/alarm';

/** A push source on an off-thread style client, driven by hand. */
async function source(catchUp: () => Promise<AlarmPush[]>, seenCap?: number) {
  const scheduler = new VirtualTimeScheduler();
  const out: PushOutput[] = [];
  const clients: { connect?: () => void; close?: () => void; batch?: (items: { topic: string; alarm: AlarmPush }[]) => void }[] = [];
  createPushSource({
    org$: new BehaviorSubject<number | null>(7),
    credentials: async () => ({ url: '/mqtt', username: 'u', password: 'p', topics: [] }),
    connect: (): PushClient => {
      const c: (typeof clients)[number] = {};
      clients.push(c);
      return {
        onConnect: (f) => void (c.connect = f),
        onClose: (f) => void (c.close = f),
        onMessage: () => undefined,
        onBatch: (f) => void (c.batch = (items) => f(items, [])),
        subscribe: () => undefined,
        unsubscribe: () => undefined,
        end: () => undefined,
      };
    },
    catchUp,
    latestId: async () => 0,
    parse: parseAlarmPush,
    topicsOf: () => [TOPIC],
    scheduler,
    random: () => 0,
    ...(seenCap ? { seenCap } : {}),
  }).subscribe((o) => out.push(o));
  await flush();
  clients[0]!.connect!();
  await flush();
  const push = (ids: number[], at = clients.length - 1) => {
    clients[at]!.batch!(ids.map((id) => ({ topic: TOPIC, alarm: alarm(id) })));
    scheduler.flush();
  };
  const delivered = () => out.flatMap((o) => (o.type === 'alarms' ? o.alarms.map((a) => a.alarmId) : []));
  return { clients, scheduler, push, delivered };
}

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('push de-duplication memory', () => {
  it(`remembers the newest ${PUSH_DEDUP_CAP} alarms and forgets older ones`, async () => {
    const s = await source(async () => []);
    s.push(range(1, PUSH_DEDUP_CAP + 500));
    expect(s.delivered()).toHaveLength(PUSH_DEDUP_CAP + 500);
    // a repeat of a recent alarm is still dropped; the oldest were let go (memory is bounded)
    s.push([PUSH_DEDUP_CAP + 500, 501]);
    expect(s.delivered()).toHaveLength(PUSH_DEDUP_CAP + 500);
    s.push([1, 500]);
    expect(s.delivered().slice(-2)).toEqual([1, 500]);
  });

  it('a catch-up longer than the memory still drops the live alarms it overlaps', async () => {
    const s = await source(async () => range(11, 30).map((id) => alarm(id)), 10);
    s.push(range(1, 10));
    s.clients[0]!.close!();
    s.scheduler.flush(); // backoff elapses: a second connection
    await flush();
    s.clients[1]!.connect!(); // the catch-up is fetched…
    s.push([38, 39, 40], 1); // …while the newest already come live
    await flush();
    s.scheduler.flush();
    const got = s.delivered();
    expect(got).toHaveLength(40);
    expect(new Set(got).size).toBe(40);
  });
});

describe('alarm store bounds', () => {
  const live = (s: State, ids: number[]): State => reduce(s, { type: 'alarms/received', alarms: ids.map((id) => alarm(id)), at: 1, live: true });

  it('forgets a pop-up kept past the ring once it is closed', () => {
    let s = live(initialState(), [1]);
    s = reduce(s, { type: 'popups/shown', at: 1 });
    expect(s.popups.visible).toEqual([1]);
    s = live(s, range(2, ALARM_RING_CAP));
    expect(s.alarms.byId[1]).toBeDefined(); // still on screen, so still readable
    s = reduce(s, { type: 'popups/closed', alarmId: 1 });
    expect(s.alarms.byId[1]).toBeUndefined();
  });

  it('holds at most the ring plus the pop-ups however long the storm and the operator closing them', () => {
    let s = initialState();
    let next = 1;
    for (let round = 0; round < 60; round++) {
      s = live(s, range(next, 500)); // the ring turns over while pop-ups wait for their slot
      next += 500;
      s = reduce(s, { type: 'popups/shown', at: round });
      if (round % 2) for (const id of [...s.popups.visible]) s = reduce(s, { type: 'popups/closed', alarmId: id });
    }
    expect(s.alarms.receivedTotal).toBe(30_000);
    expect(s.alarms.ids).toHaveLength(ALARM_RING_CAP);
    expect(Object.keys(s.alarms.byId).length).toBeLessThanOrEqual(ALARM_RING_CAP + POPUP_VISIBLE_CAP + POPUP_QUEUE_CAP);
  });
});
