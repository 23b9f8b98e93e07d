// Views of issue 5 (homepage and monitoring hall), each a lazy chunk so neither the login
// route nor the layout grows with tables, charts or the map.
import type { ReactNode } from 'react';
import type { ViewId } from './routes';
import { lazyView } from './lazy';

const StationListPage = lazyView('stationList', () => import('../features/monitor/StationListPage'));
const CustomersPage = lazyView('customers', () => import('../features/monitor/CustomersPage'));
const CustomerDetailPage = lazyView('customerDetail', () => import('../features/monitor/CustomerDetailPage'));
const HomePage = lazyView('homepage', () => import('../features/home/HomePage'));

export function homeView(view: ViewId): ReactNode | null {
  switch (view) {
    case 'stationList':
      return <StationListPage />;
    case 'customers':
      return <CustomersPage />;
    case 'customerDetail':
      return <CustomerDetailPage />;
    case 'homepage':
      return <HomePage />;
    default:
      return null;
  }
}
