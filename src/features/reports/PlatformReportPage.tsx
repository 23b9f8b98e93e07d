import { ReportPage } from './ReportPage';

export default function PlatformReportPage() {
  return <ReportPage kind="platform" />;
}
