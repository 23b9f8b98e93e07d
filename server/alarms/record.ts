import type { z } from 'zod';
import type { alarmRecord } from '../../protocol/actions/alarms';
import { ruleNameOf, type AlarmRow } from './store';
import { handlingOf } from './handling';

type AlarmRecord = z.input<typeof alarmRecord>;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** An alarm row as the wire carries it (lists, details and messages alike). */
export const toRecord = (r: AlarmRow): AlarmRecord => ({
  alarmId: r.id,
  serviceProviderId: r.providerId,
  stationId: r.stationId,
  stationName: r.stationName,
  deviceId: r.deviceId,
  deviceName: r.deviceName,
  deviceType: r.deviceType,
  alarmRuleCode: r.ruleCode,
  alarmRuleName: ruleNameOf(r.ruleCode, r.params),
  alarmCategory: r.category,
  alarmType: r.type,
  alarmStatus: r.status,
  content: r.content,
  params: r.params,
  happenTime: r.happenTime.toISOString(),
  recoveryTime: iso(r.recoveryTime),
  occurrences: r.occurrences,
  resolvedBy: r.resolvedBy,
  ...handlingOf(r),
});
