// Alarm center views (alarm.alarmList, alarm.alarmAnalysis), each a lazy chunk.
import type { ReactNode } from 'react';
import type { ViewId } from './routes';
import { lazyView } from './lazy';

const AlarmListPage = lazyView('alarmList', () => import('../features/alarmCenter/AlarmListPage'));
const AlarmAnalysisPage = lazyView('alarmAnalysis', () => import('../features/alarmCenter/AlarmAnalysisPage'));

export function alarmView(view: ViewId): ReactNode | null {
  switch (view) {
    case 'alarmList':
      return <AlarmListPage />;
    case 'alarmAnalysis':
      return <AlarmAnalysisPage />;
    default:
      return null;
  }
}
