import { describe, expect, it, vi } from 'vitest';
import { BehaviorSubject, Subject, VirtualTimeScheduler } from 'rxjs';
import { parseAlarmPush } from '../../protocol/push';
import { createPushSource, type PushClient, type PushOutput } from '../push/source';
import { fullJitter } from '../backoff';
import { alarm } from './fixtures';

class FakeClient implements PushClient {
  connect?: () => void;
  close?: () => void;
  message?: (t: string, p: string) => void;
  subs: string[] = [];
  ended = false;
  onConnect(fn: () => void) {
    this.connect = fn;
  }
  onClose(fn: () => void) {
    this.close = fn;
  }
  onMessage(fn: (t: string, p: Uint8Array | string) => void) {
    this.message = fn as (t: string, p: string) => void;
  }
  subscribe(t: string) {
    this.subs.push('+' + t);
  }
  unsubscribe(t: string) {
    this.subs.push('-' + t);
  }
  end() {
    this.ended = true;
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(catchUp: (afterId: number, org: number) => Promise<ReturnType<typeof alarm>[]>, latest = 0, retryNow$?: Subject<void>) {
  const org$ = new BehaviorSubject<number | null>(7);
  const clients: FakeClient[] = [];
  const scheduler = new VirtualTimeScheduler();
  const out: PushOutput[] = [];
  const warn = vi.fn();
  const sub = createPushSource({
    org$,
    credentials: async () => ({ url: '/mqtt', username: 'u', password: 'p', topics: [] }),
    connect: () => {
      const c = new FakeClient();
      clients.push(c);
      return c;
    },
    catchUp: vi.fn(catchUp),
    latestId: async () => latest,
    parse: parseAlarmPush,
    topicsOf: (o) => [`ems/org/${o}/alarm`],
    scheduler,
    random: () => 0.5,
    warn,
    batchMs: 16,
    ...(retryNow$ ? { retryNow$ } : {}),
  }).subscribe((o) => out.push(o));
  const alarms = () => out.flatMap((o) => (o.type === 'alarms' && o.live ? o.alarms.map((a) => a.alarmId) : []));
  return { org$, clients, scheduler, out, sub, warn, alarms };
}

describe('push source', () => {
  it('subscribes to the org topic, logs malformed messages only, and delivers valid ones', async () => {
    const t = setup(async () => []);
    await flush();
    const c = t.clients[0]!;
    c.connect!();
    expect(c.subs).toEqual(['+ems/org/7/alarm']);
    c.message!('ems/org/7/alarm', '{oops');
    c.message!('ems/org/7/alarm', JSON.stringify({ alarmId: 'x' }));
    c.message!('ems/org/7/alarm', JSON.stringify(alarm(3)));
    expect(t.warn).toHaveBeenCalledTimes(2);
    expect(t.alarms()).toEqual([3]);
  });

  it('after a reconnect fetches alarms since the last id and de-duplicates by id', async () => {
    const since: number[] = [];
    const t = setup(async (afterId) => {
      since.push(afterId);
      return [alarm(5), alarm(6), alarm(7)];
    }, 4);
    await flush();
    t.clients[0]!.connect!();
    await flush();
    t.clients[0]!.message!('ems/org/7/alarm', JSON.stringify(alarm(5)));
    t.clients[0]!.close!();
    expect(t.out.at(-1)).toEqual({ type: 'status', status: 'offline' });
    t.scheduler.flush(); // backoff elapses
    await flush();
    const c2 = t.clients[1]!;
    c2.connect!();
    await flush();
    c2.message!('ems/org/7/alarm', JSON.stringify(alarm(7))); // also came by catch-up
    t.scheduler.flush();
    expect(since).toEqual([5]); // the first connect only set the cursor (4); 5 came live
    expect(t.alarms()).toEqual([5, 6, 7]);
  });

  it('reconnects at once when the network returns instead of waiting out its backoff', async () => {
    const back = new Subject<void>();
    const t = setup(async () => [], 0, back);
    await flush();
    t.clients[0]!.connect!();
    t.clients[0]!.close!();
    expect(t.clients).toHaveLength(1); // waiting for its backoff (virtual time does not move)
    back.next();
    await flush();
    expect(t.clients).toHaveLength(2);
    t.clients[1]!.connect!();
    expect(t.out.at(-1)).toEqual({ type: 'status', status: 'online' });
    back.next(); // already connected: nothing happens
    await flush();
    expect(t.clients).toHaveLength(2);
    t.scheduler.flush(); // the cancelled backoff does not open a third connection
    await flush();
    expect(t.clients).toHaveLength(2);
  });

  it('resubscribes on org switch on the live connection', async () => {
    const t = setup(async () => []);
    await flush();
    const c = t.clients[0]!;
    c.connect!();
    t.org$.next(9);
    expect(c.subs).toEqual(['+ems/org/7/alarm', '-ems/org/7/alarm', '+ems/org/9/alarm']);
    c.message!('ems/org/7/alarm', JSON.stringify(alarm(1))); // old topic: ignored
    c.message!('ems/org/9/alarm', JSON.stringify(alarm(2, { orgId: 9 })));
    expect(t.alarms()).toEqual([2]);
    t.org$.next(null);
    expect(c.ended).toBe(true);
  });

  it('batches bursts: the first message at once, the rest per window', async () => {
    const t = setup(async () => []);
    await flush();
    const c = t.clients[0]!;
    c.connect!();
    for (let i = 1; i <= 100; i++) c.message!('ems/org/7/alarm', JSON.stringify(alarm(i)));
    const batches = () => t.out.filter((o) => o.type === 'alarms').length;
    expect(batches()).toBe(1);
    t.scheduler.flush();
    expect(batches()).toBe(2);
    expect(t.alarms()).toHaveLength(100);
  });
});

describe('push source with an off-thread client', () => {
  it('takes validated batches, filters the topic and de-duplicates', async () => {
    const org$ = new BehaviorSubject<number | null>(7);
    let batch: ((items: { topic: string; alarm: ReturnType<typeof alarm> }[], bad: { topic: string; reason: string; detail: string }[]) => void) | undefined;
    let connect: (() => void) | undefined;
    const warn = vi.fn();
    const out: PushOutput[] = [];
    createPushSource({
      org$,
      credentials: async () => ({ url: '/mqtt', username: 'u', password: 'p', topics: [] }),
      connect: () => ({
        onConnect: (f) => void (connect = f),
        onClose: () => undefined,
        onMessage: () => undefined,
        onBatch: (f) => void (batch = f),
        subscribe: () => undefined,
        unsubscribe: () => undefined,
        end: () => undefined,
      }),
      catchUp: async () => [],
      latestId: async () => 0,
      parse: parseAlarmPush,
      topicsOf: (o) => [`ems/org/${o}/alarm`],
      scheduler: new VirtualTimeScheduler(),
      warn,
    }).subscribe((o) => out.push(o));
    await flush();
    connect!();
    const t = 'ems/org/7/alarm';
    batch!(
      [
        { topic: t, alarm: alarm(1) },
        { topic: t, alarm: alarm(1) },
        { topic: 'ems/org/8/alarm', alarm: alarm(2, { orgId: 8 }) },
      ],
      [{ topic: t, reason: 'notJson', detail: 'x' }],
    );
    expect(out.flatMap((o) => (o.type === 'alarms' ? o.alarms.map((a) => a.alarmId) : []))).toEqual([1]);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('full jitter', () => {
  it('stays within [0, min(cap, base*2^n))', () => {
    const p = { baseMs: 500, capMs: 30_000 };
    expect(fullJitter(0, p, () => 0.999)).toBeLessThan(500);
    expect(fullJitter(3, p, () => 0.5)).toBe(2000);
    expect(fullJitter(20, p, () => 0.999)).toBeLessThan(30_000);
    expect(fullJitter(5, p, () => 0)).toBe(0);
  });
});

describe('topicsOf (which offered topics to follow)', () => {
  it('follows the org topic when offered, else the offered station topics of that org', async () => {
    const { topicsOf } = await import('../push/start');
    expect(topicsOf(7, ['ems/org/7/alarm', 'ems/org/9/alarm'])).toEqual(['ems/org/7/alarm']);
    const stations = ['ems/org/7/station/1/alarm', 'ems/org/7/station/2/alarm', 'ems/org/9/station/5/alarm'];
    expect(topicsOf(7, stations)).toEqual(['ems/org/7/station/1/alarm', 'ems/org/7/station/2/alarm']);
    expect(topicsOf(8, stations)).toEqual([]);
  });
});
