// The push source (SPEC §7): one MQTT connection while signed in, subscribed to the
// current org's alarm topics (the org topic, or for a station-scoped account the topics of its
// stations, as the server offers them); reconnects with full-jitter backoff, resubscribes on org switch,
// and after every reconnect fetches the alarms published since the last id it saw, de-duplicated
// by id. Everything it needs is injected, so tests drive it with Subjects and fakes.
import { Observable, asyncScheduler, type SchedulerLike, type Subscription } from 'rxjs';
import type { AnyPushParse, PushParse, StationMaintenancePush } from '../../protocol/push';
import { fullJitter, type BackoffPolicy } from '../backoff';
import type { PushStatus } from '../events';
import type { AlarmPush } from '../types';
import { pushVersion } from '../alarms/pushState';
import { PUSH_BATCH_MS, PUSH_BURST_BATCH_MS, PUSH_BURST_SIZE, PUSH_DEDUP_CAP } from '../constants';

export interface PushCredentials {
  url: string;
  username: string;
  password: string;
  topics: string[];
}

/** The slice of an mqtt.js client the source uses. */
export interface PushClient {
  onConnect(fn: () => void): void;
  onClose(fn: () => void): void;
  onMessage(fn: (topic: string, payload: Uint8Array | string) => void): void;
  /** clients that parse off the main thread deliver validated alarms in batches instead */
  onBatch?(fn: (items: { topic: string; alarm: AlarmPush }[], malformed: { topic: string; reason: string; detail: string }[]) => void): void;
  /** a station's maintenance window changed (parsed off the main thread like the alarms) */
  onMaintenance?(fn: (topic: string, message: StationMaintenancePush) => void): void;
  subscribe(topic: string): void;
  unsubscribe(topic: string): void;
  end(): void;
}

export type PushOutput =
  { type: 'status'; status: PushStatus } | { type: 'alarms'; alarms: AlarmPush[]; live: boolean } | { type: 'maintenance'; window: StationMaintenancePush };

export interface PushDeps {
  /** current org id to follow; null = stay disconnected */
  org$: Observable<number | null>;
  credentials(): Promise<PushCredentials>;
  connect(creds: PushCredentials): PushClient;
  /** alarms with id > afterId for the org, oldest first */
  catchUp(afterId: number, orgId: number): Promise<AlarmPush[]>;
  /** the newest alarm id of the org now (0 if none): the cursor before anything was seen */
  latestId(orgId: number): Promise<number>;
  /** either push of an alarm topic (protocol/push.ts parsePush), or alarms only */
  parse(payload: Uint8Array | string): PushParse | AnyPushParse;
  /** the topics to follow for an org, chosen from those the server offered */
  topicsOf(orgId: number, offered: readonly string[]): string[];
  backoff?: BackoffPolicy;
  /** the network or the server came back: a pending reconnect runs now, not after its backoff */
  retryNow$?: Observable<unknown>;
  random?: () => number;
  scheduler?: SchedulerLike;
  /** batch window for bursts; the first message of a quiet period is delivered at once */
  batchMs?: number;
  /** the window after a batch of PUSH_BURST_SIZE or more (a storm) */
  burstMs?: number;
  warn?: (...args: unknown[]) => void;
  /** dedup memory (ids); oldest forgotten first (default PUSH_DEDUP_CAP) */
  seenCap?: number;
}

export function createPushSource(d: PushDeps): Observable<PushOutput> {
  const scheduler = d.scheduler ?? asyncScheduler;
  const policy = d.backoff ?? { baseMs: 500, capMs: 30_000 };
  const random = d.random ?? Math.random;
  const batchMs = d.batchMs ?? PUSH_BATCH_MS;
  const burstMs = d.burstMs ?? PUSH_BURST_BATCH_MS;
  const warn = d.warn ?? ((...a: unknown[]) => console.warn(...a));
  const seenCap = d.seenCap ?? PUSH_DEDUP_CAP;

  return new Observable<PushOutput>((out) => {
    /** alarm id -> version of the last change delivered (a new acknowledgement is not a repeat) */
    const seen = new Map<number, string>();
    let lastId = 0;
    let org: number | null = null;
    let client: PushClient | null = null;
    let topics = new Set<string>();
    let offered: readonly string[] = [];
    let attempt = 0;
    let everConnected = false;
    let generation = 0;
    let retry: Subscription | null = null;

    // --- dedup + batching --------------------------------------------------------------
    /** keeps only alarms (or changes of them) not seen before, for the current org */
    const fresh = (list: readonly AlarmPush[]): AlarmPush[] => {
      const keep: AlarmPush[] = [];
      for (const m of list) {
        const v = pushVersion(m);
        if (seen.get(m.alarmId) === v) continue;
        seen.delete(m.alarmId);
        seen.set(m.alarmId, v);
        if (m.alarmId > lastId) lastId = m.alarmId;
        keep.push(m);
      }
      // trimmed after the batch, not during it: a catch-up longer than the cap must still
      // recognise the live alarms that arrived while it was being fetched
      for (const id of seen.keys()) {
        if (seen.size <= seenCap) break;
        seen.delete(id);
      }
      return keep;
    };
    let buf: AlarmPush[] = [];
    let flushing: Subscription | null = null;
    const flush = (): void => {
      if (buf.length === 0) {
        flushing = null;
        return;
      }
      const batch = buf;
      buf = [];
      out.next({ type: 'alarms', alarms: batch, live: true });
      flushing = scheduler.schedule(flush, batch.length >= PUSH_BURST_SIZE ? burstMs : batchMs);
    };
    const deliverLive = (list: AlarmPush[]): void => {
      if (list.length === 0) return;
      if (flushing === null) {
        out.next({ type: 'alarms', alarms: list, live: true });
        flushing = scheduler.schedule(flush, batchMs);
      } else buf.push(...list);
    };

    // --- connection lifecycle ----------------------------------------------------------
    const status = (s: PushStatus) => out.next({ type: 'status', status: s });

    const teardown = (): void => {
      generation += 1;
      retry?.unsubscribe();
      retry = null;
      if (client) {
        const c = client;
        client = null;
        topics = new Set();
        try {
          c.end();
        } catch {
          /* already closed */
        }
      }
    };

    const scheduleReconnect = (): void => {
      if (org === null || retry) return;
      const wait = fullJitter(attempt++, policy, random);
      retry = scheduler.schedule(() => {
        retry = null;
        void open();
      }, wait);
    };

    const follow = (c: PushClient): void => {
      if (org === null) return;
      const next = new Set(d.topicsOf(org, offered));
      for (const t of topics) if (!next.has(t)) c.unsubscribe(t);
      for (const t of next) if (!topics.has(t)) c.subscribe(t);
      topics = next;
    };

    const catchUp = async (gen: number): Promise<void> => {
      const o = org;
      if (o === null) return;
      try {
        if (lastId === 0 && !everConnected) {
          // first connect: only establish the cursor; history is the alarm list's business
          const latest = await d.latestId(o);
          if (gen === generation && o === org && latest > lastId) lastId = latest;
          return;
        }
        const list = await d.catchUp(lastId, o);
        if (gen !== generation || o !== org) return;
        deliverLive(fresh(list));
      } catch (e) {
        warn('[push] catch-up failed', e);
      }
    };

    const open = async (): Promise<void> => {
      if (org === null) return;
      const gen = ++generation;
      status('connecting');
      let creds: PushCredentials;
      try {
        creds = await d.credentials();
        if (!creds.url) throw new Error('the server offers no push broker');
      } catch (e) {
        if (gen !== generation) return;
        warn('[push] credentials failed', e);
        status('offline');
        scheduleReconnect();
        return;
      }
      if (gen !== generation || org === null) return;
      offered = creds.topics;
      const c = d.connect(creds);
      client = c;
      c.onConnect(() => {
        if (gen !== generation) return;
        attempt = 0;
        topics = new Set();
        follow(c);
        status('online');
        void catchUp(gen).finally(() => {
          everConnected = true;
        });
      });
      c.onClose(() => {
        if (gen !== generation) return;
        status('offline');
        teardown();
        scheduleReconnect();
      });
      c.onBatch?.((items, malformed) => {
        if (gen !== generation) return;
        for (const b of malformed) if (topics.has(b.topic)) warn('[push] malformed message ignored', b.reason, b.detail);
        deliverLive(fresh(items.filter((i) => topics.has(i.topic)).map((i) => i.alarm)));
      });
      c.onMaintenance?.((t, message) => {
        if (gen === generation && topics.has(t)) out.next({ type: 'maintenance', window: message });
      });
      c.onMessage((t, payload) => {
        if (gen !== generation || !topics.has(t)) return;
        const r = d.parse(payload);
        if (!r.ok) {
          warn('[push] malformed message ignored', r.reason, r.detail); // SPEC §8: only logged
          return;
        }
        if ('kind' in r && r.kind === 'stationMaintenance') out.next({ type: 'maintenance', window: r.message });
        else deliverLive(fresh([r.message as AlarmPush]));
      });
    };

    const orgSub = d.org$.subscribe((next) => {
      if (next === org) return;
      const prev = org;
      org = next;
      if (next === null) {
        teardown();
        status('idle');
        return;
      }
      if (prev !== null) {
        // org switch: new cursor and memory, resubscribe on the live connection
        seen.clear();
        lastId = 0;
        everConnected = false;
      }
      if (client) {
        const connected = topics.size > 0;
        follow(client);
        if (connected) void catchUp(generation);
      } else if (!retry) void open();
    });

    const retrySub = d.retryNow$?.subscribe(() => {
      if (org === null || client || !retry) return;
      retry.unsubscribe();
      retry = null;
      attempt = 0;
      void open();
    });

    return () => {
      orgSub.unsubscribe();
      retrySub?.unsubscribe();
      flushing?.unsubscribe();
      teardown();
    };
  });
}
