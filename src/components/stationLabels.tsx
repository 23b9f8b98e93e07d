// Translation keys and colours for the station codes of protocol/actions/stations.ts, shared
// by the monitoring hall and the homepage (streams/ emits codes; the UI translates).
import { SYSTEM_TYPES } from '../../protocol/codes';
import type { TKey } from '../i18n/i18n';
import { href, stationQuery } from '../lib/paths';

export const STATUS_KEYS: Record<number, TKey> = {
  0: 'monitor:status.normal',
  1: 'monitor:status.alarm',
  2: 'monitor:status.fault',
  3: 'monitor:status.offline',
  4: 'monitor:status.notCommissioned',
};
/** status 0-4: normal green, alarm amber, fault red, offline grey, not commissioned blue */
export const STATUS_COLORS: Record<number, string> = { 0: '#13a37a', 1: '#f59e0b', 2: '#dc2626', 3: '#94a3b8', 4: '#3b82f6' };
export const SYSTEM_TYPE_KEYS: Record<number, TKey> = {
  [SYSTEM_TYPES.onGrid]: 'monitor:systemType.onGrid',
  [SYSTEM_TYPES.offGrid]: 'monitor:systemType.offGrid',
  [SYSTEM_TYPES.switching]: 'monitor:systemType.switching',
};
export const ENERGY_KEYS: Record<string, TKey> = {
  pv: 'monitor:energy.pv',
  ess: 'monitor:energy.ess',
  dg: 'monitor:energy.dg',
  load: 'monitor:energy.load',
  charging: 'monitor:energy.charging',
};

/** The status icon (SPEC §2: statuses 0 to 4): a coloured dot with the status as its label. */
export function StatusIcon({ status, label, size = 10 }: { status: number; label: string; size?: number }) {
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-status={status}
      className="inline-block shrink-0 rounded-full ring-2 ring-white/70"
      style={{ width: size, height: size, background: STATUS_COLORS[status] ?? STATUS_COLORS[3] }}
    />
  );
}

/** Station-detail routes need stationId and serviceProviderId in the query (SPEC §2). */
export const stationOverviewHref = (stationId: number, serviceProviderId: number): string =>
  href('overviewStations.overviewStations', stationQuery(stationId, serviceProviderId));
export const providerDetailHref = (orgId: number): string => href('monitor.detail', { orgId });
