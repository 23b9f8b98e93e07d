import { ReportPage } from './ReportPage';

export default function SiteReportPage() {
  return <ReportPage kind="site" />;
}
