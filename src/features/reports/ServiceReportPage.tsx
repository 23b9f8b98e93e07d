import { ReportPage } from './ReportPage';

export default function ServiceReportPage() {
  return <ReportPage kind="service" />;
}
