// Both languages' catalogues in one object per language, as the screens show them: common and
// auth at the top level (login.*, errors.*), every other namespace under its own name.
import { readFileSync } from 'node:fs';
import enAlarmCenter from '../locales/en/alarmCenter.json';
import enAlarms from '../locales/en/alarms.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enHome from '../locales/en/home.json';
import enMonitor from '../locales/en/monitor.json';
import enStation from '../locales/en/station.json';
import zhAlarmCenter from '../locales/zh/alarmCenter.json';
import zhAlarms from '../locales/zh/alarms.json';
import zhAuth from '../locales/zh/auth.json';
import zhCommon from '../locales/zh/common.json';
import zhHome from '../locales/zh/home.json';
import zhMonitor from '../locales/zh/monitor.json';
import zhStation from '../locales/zh/station.json';

export const bundles = {
  en: { common: enCommon, auth: enAuth, home: enHome, monitor: enMonitor, station: enStation, alarms: enAlarms, alarmCenter: enAlarmCenter },
  // zh has no `_one` plural forms, so its shape is the English one less those keys
  zh: { common: zhCommon, auth: zhAuth, home: zhHome, monitor: zhMonitor, station: zhStation, alarms: zhAlarms, alarmCenter: zhAlarmCenter },
};

const merged = <B extends (typeof bundles)['en'] | (typeof bundles)['zh']>(b: B) => ({
  ...b.common,
  ...b.auth,
  home: b.home,
  monitor: b.monitor,
  station: b.station,
  alarms: b.alarms,
  alarmCenter: b.alarmCenter,
});

export const en = merged(bundles.en);
export const zh = merged(bundles.zh);

export const localesRoot = new URL('../locales/', import.meta.url);

const flat = (o: unknown, prefix = ''): Record<string, string> =>
  Object.entries(o as Record<string, unknown>).reduce<Record<string, string>>((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(acc, flat(v, key));
    else acc[key] = String(v);
    return acc;
  }, {});

/** One catalogue file read from disk as dotted keys to texts (`errors.notFound` → '…'). */
export const loadFlat = (lng: string, file: string) => flat(JSON.parse(readFileSync(new URL(`${lng}/${file}`, localesRoot), 'utf8')));
