// Station-detail screens (issue 6), by route name; null for screens not built yet.
import { lazyView } from './lazy';

const EquipmentPage = lazyView('stationEquipment', () => import('../features/station/monitor/EquipmentPage'));

export function stationView(routeName: string): React.ReactNode | null {
  switch (routeName) {
    case 'dquipmentMonitoring.dquipmentMonitoring':
      return <EquipmentPage />;
    default:
      return null;
  }
}
