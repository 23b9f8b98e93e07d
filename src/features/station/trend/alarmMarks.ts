// A station alarm as the marks it leaves on a trend's axis: where it was raised (coloured by
// type), and where it recovered when it did.
import type { AlarmRecord } from '../../../../streams/alarms/records';
import { alarmContent } from '../../../lib/alarmText';

export const ALARM_COLOR = { fault: '#dc2626', alert: '#d97706', event: '#64748b' } as const;
const RECOVERED = '#16a34a';

export interface AlarmMark {
  deviceId: number | null;
  /** unix seconds */
  t: number;
  color: string;
  label: string;
  recovered: boolean;
}

export const alarmMarks = (a: AlarmRecord): AlarmMark[] => {
  const label = alarmContent(a);
  return [
    { deviceId: a.deviceId, t: Date.parse(a.happenTime) / 1000, color: ALARM_COLOR[a.alarmType], label, recovered: false },
    ...(a.recoveryTime ? [{ deviceId: a.deviceId, t: Date.parse(a.recoveryTime) / 1000, color: RECOVERED, label, recovered: true }] : []),
  ];
};
