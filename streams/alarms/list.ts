// Alarm records from fuzzyAlarmRecord into the store's alarm entities. The record shape is
// only partly fixed by SPEC §3 (labels), so map defensively and drop what cannot be used.
import type { Api } from '../api/client';
import type { Store } from '../store';
import { CATEGORIES, type AlarmPush } from '../types';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);
const str = (...vs: unknown[]): string => (vs.find((v) => typeof v === 'string') as string | undefined) ?? '';

export function toAlarm(x: unknown): AlarmPush | null {
  if (!x || typeof x !== 'object') return null;
  const o = x as Record<string, unknown>;
  const alarmId = num(o.alarmId ?? o.id);
  if (alarmId === null) return null;
  const cat = str(o.alarmCategory, o.category, o.type);
  const status = o.status === 'resolved' || o.alarmStatus === 2 || o.alarmStatus === '2' ? 'resolved' : 'unresolved';
  return {
    alarmId,
    orgId: num(o.orgId) ?? num(o.serviceProviderId) ?? 0,
    stationId: num(o.stationId) ?? 0,
    actionWay: o.actionWay === 35003 ? 35003 : 35002,
    stationName: str(o.stationName),
    monitoredObjectName: str(o.monitoredObjectName, o.deviceName),
    alarmRuleName: str(o.alarmRuleName, o.content, o.alarmContent),
    alarmCategory: (CATEGORIES as readonly string[]).includes(cat) ? (cat as AlarmPush['alarmCategory']) : 'alarm',
    happenTime: str(o.happenTime, o.alarmTime, o.createTime),
    status,
  };
}

export async function loadAlarmRecords(api: Api, store: Store, orgId: number, stationName?: string): Promise<void> {
  try {
    const r = await api.call('fuzzyAlarmRecord', { alarmRecordVo: { orgId, ...(stationName ? { stationName } : {}) }, page: 1, length: 1000 }, { quiet: true });
    const alarms = r.dataList.map(toAlarm).filter((a): a is AlarmPush => a !== null);
    store.dispatch({ type: 'alarms/listLoaded', alarms });
  } catch {
    /* live alarms still show */
  }
}
