// Station-detail screens (issue 6), by route name; null for screens not built yet.
import { lazyView } from './lazy';

const OverviewPage = lazyView('stationOverview', () => import('../features/station/overview/OverviewPage'));
const AlarmLogPage = lazyView('stationAlarmLog', () => import('../features/station/alarms/AlarmLogPage'));
const EquipmentPage = lazyView('stationEquipment', () => import('../features/station/monitor/EquipmentPage'));

export function stationView(routeName: string): React.ReactNode | null {
  switch (routeName) {
    case 'dquipmentMonitoring.dquipmentMonitoring':
      return <EquipmentPage />;
    case 'overviewStations.overviewStations':
      return <OverviewPage />;
    case 'alarmLog.alarmLog':
      return <AlarmLogPage />;
    default:
      return null;
  }
}
