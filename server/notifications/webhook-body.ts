import { ruleNameOf, type AlarmRow } from '../alarms/store';
import { formatWall } from '../../protocol/site-time';
import type { AlarmView } from './messages';

// The JSON a webhook receives for an alarm (docs/notifications.md has an example): the same
// figures the console shows, times as ISO instants and on the station's clock. A redelivery
// carries the same body and event id, so receivers can drop it.

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export const alarmPayload = ({ alarm: a, zone }: AlarmView) => ({
  alarmId: a.id,
  stationId: a.stationId,
  stationName: a.stationName,
  deviceId: a.deviceId,
  deviceName: a.deviceName,
  deviceType: a.deviceType,
  alarmRuleCode: a.ruleCode,
  alarmRuleName: ruleNameOf(a.ruleCode, a.params),
  category: a.category,
  type: a.type,
  status: a.status === 1 ? 'unresolved' : 'resolved',
  content: a.content,
  happenTime: iso(a.happenTime),
  recoveryTime: iso(a.recoveryTime),
  stationZone: zone,
  stationTime: formatWall(zone, a.happenTime.getTime()),
  ackedBy: a.ackedBy,
  ackedAt: iso(a.ackedAt),
});

/** When the change a notice tells of happened (stable across redeliveries). */
export const occurredAt = (a: AlarmRow, kind: 'raised' | 'cleared' | 'acked'): string =>
  new Date((kind === 'cleared' ? a.recoveryTime : kind === 'acked' ? a.ackedAt : null) ?? a.happenTime).toISOString();
