// Translation keys are typed from the English catalogues: a missing or misspelt key, or a key of
// a namespace written without its prefix, is a compile error. Keys of `common` are written bare,
// every other namespace as `ns:key`.
import type analysis from '../../locales/en/analysis.json';
import type alarmCenter from '../../locales/en/alarmCenter.json';
import type alarms from '../../locales/en/alarms.json';
import type auth from '../../locales/en/auth.json';
import type common from '../../locales/en/common.json';
import type home from '../../locales/en/home.json';
import type monitor from '../../locales/en/monitor.json';
import type station from '../../locales/en/station.json';
import type tariffs from '../../locales/en/tariffs.json';
import type modes from '../../locales/en/modes.json';
import type system from '../../locales/en/system.json';
import type reports from '../../locales/en/reports.json';
import type notifications from '../../locales/en/notifications.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      home: typeof home;
      monitor: typeof monitor;
      station: typeof station;
      alarms: typeof alarms;
      alarmCenter: typeof alarmCenter;
      tariffs: typeof tariffs;
      modes: typeof modes;
      system: typeof system;
      analysis: typeof analysis;
      reports: typeof reports;
      notifications: typeof notifications;
    };
    strictKeyChecks: true;
  }
}
