// Counting what the notify bench's receivers got against what should have come: one message per
// recipient × channel × alarm × kind. An arrival is placed by its delivery id (webhook event id
// `ntf_<id>`, e-mail Message-ID `<notification-<id>@…>`), which the outbox row of that id names;
// two different ids for one recipient, channel, alarm and kind would be a duplicate a receiver
// cannot drop, the same id twice a redelivery it can.
import type { Arrival } from './notify-receivers';

export interface DeliveryRef {
  id: number;
  accountId: number;
  channel: string;
  alarmId: number | null;
  kind: string;
}

/** The delivery id an arrival carries, or null when it carries none the outbox made. */
export const deliveryIdOf = (x: Arrival): number | null => {
  const m = x.a === 'mail' ? /^<notification-(\d+)@/.exec(x.id) : /^ntf_(\d+)$/.exec(x.id);
  return m ? Number(m[1]) : null;
};

export interface Tally {
  expected: number;
  /** expected messages that never arrived */
  lost: number;
  /** a second (third …) distinct message for one recipient × channel × alarm × kind: left after dropping by id */
  duplicates: number;
  /** arrivals of an id already received (a receiver drops them) */
  redelivered: number;
  /** arrivals in all */
  raw: number;
}

export const tally = (arrivals: Arrival[], deliveries: Map<number, DeliveryRef>, expected: Set<string>): Tally => {
  const ids = new Map<string, Set<number>>();
  let raw = 0;
  for (const x of arrivals) {
    const id = deliveryIdOf(x);
    const d = id === null ? undefined : deliveries.get(id);
    if (!d || d.alarmId === null) continue;
    const key = `${d.accountId}:${d.channel}:${d.alarmId}:${d.kind}`;
    if (!expected.has(key)) continue;
    raw++;
    const seen = ids.get(key) ?? new Set<number>();
    seen.add(id!);
    ids.set(key, seen);
  }
  const distinct = [...ids.values()].reduce((n, s) => n + s.size, 0);
  return {
    expected: expected.size,
    lost: [...expected].filter((k) => !ids.has(k)).length,
    duplicates: [...ids.values()].reduce((n, s) => n + s.size - 1, 0),
    redelivered: raw - distinct,
    raw,
  };
};
