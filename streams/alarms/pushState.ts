// What an alarm push changes (protocol/push.ts `change`): whether it is a new raise that may pop
// up, what it adds to the header badge (unresolved and unacknowledged alarms), and a version
// that tells a repeated delivery from a new change of the same alarm.
import type { AlarmPush } from '../types';

/** A new alarm: absent `change` (older servers) means raised while unresolved. */
export const isRaise = (m: AlarmPush): boolean => (m.change ?? (m.status === 'unresolved' ? 'raised' : 'resolved')) === 'raised';

/** Raised without a pop-up or sound: shelved, in maintenance, or any handling change. */
export const isSilent = (m: AlarmPush): boolean => m.silent === true || m.shelved === true || m.inMaintenance === true || !isRaise(m);

/** 1 when the alarm counts in the badge (unresolved, not acknowledged). */
export const badgeWeight = (m: AlarmPush): number => (m.status === 'unresolved' && !m.ackedAt ? 1 : 0);

/**
 * The badge weight the alarm had before this push, for an alarm the console has not seen: a
 * raise was nothing, an acknowledgement was an unacknowledged open alarm, a resolution was
 * counted unless it had been acknowledged, any other change left the weight as it is.
 */
export const weightBefore = (m: AlarmPush): number => {
  const change = m.change ?? (m.status === 'unresolved' ? 'raised' : 'resolved');
  if (change === 'raised') return 0;
  if (change === 'acked') return 1;
  if (change === 'resolved') return m.ackedAt ? 0 : 1;
  return badgeWeight(m);
};

/** Two deliveries of the same change have the same version. */
export const pushVersion = (m: AlarmPush): string => `${m.status}|${m.change ?? ''}|${m.ackedAt ?? ''}|${m.assigneeId ?? ''}`;
