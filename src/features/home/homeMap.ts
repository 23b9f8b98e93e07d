// The station map of the homepage and of the wall: loaded in its own chunk (maplibre + deck.gl)
// after the first paint, on the build's tile style if one is set, with the same words on both.
import { lazy } from 'react';
import { formatPower } from '../../../streams/format/energy';
import { STATUS_KEYS } from '../../components/stationLabels';
import type { TFn } from '../../i18n/i18n';

export const StationMap = lazy(() => import('../../widgets/map/StationMap'));
export const STYLE_URL = (import.meta.env.VITE_MAP_STYLE_URL as string | undefined) || undefined;

/** The map's labels: a point's status, installed power and cluster size, the list's name, the maintenance note. */
export const mapLabels = (t: TFn) => ({
  statusLabel: (x: number) => t(STATUS_KEYS[x] ?? 'monitor:status.offline'),
  powerLabel: (mw: number) => `${t('home:matrix.installedPower')} ${formatPower(mw * 1000)}`,
  countLabel: (n: number) => t('home:map.cluster', { count: n }),
  listLabel: t('home:map.list'),
  maintenanceLabel: t('alarms:handling.inMaintenance'),
});
