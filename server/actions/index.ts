import type { Handlers } from '../api/context';
import { apiTokenHandlers } from './api-tokens';
import { identityHandlers } from './identity';
import { stationHandlers } from './stations';
import { tariffsHandlers } from './tariffs';
import { priceFeedHandlers } from './price-feeds';
import { oilPricesHandlers } from './oil-prices';
import { tariffPreviewHandlers } from './tariff-preview';
import { strategiesHandlers } from './strategies';
import { strategyPredictHandlers } from './strategy-predict';
import { peakDemandHandlers } from './peak-demand';
import { accountsHandlers } from './accounts';
import { rolesHandlers } from './roles';
import { alarmsHandlers } from './alarms';
import { alarmHandlingHandlers } from './alarm-handling';
import { alarmShelfHandlers } from './alarm-shelves';
import { maintenanceWindowHandlers } from './maintenance-windows';
import { telemetryHandlers } from './telemetry';
import { analysisHandlers } from './analysis';
import { analysisExportHandlers } from './analysis-export';
import { commandHandlers } from './commands';
import { auditHandlers } from './audit';
import { twoFactorHandlers } from './two-factor';
import { accountSessionsHandlers } from './account-sessions';
import { messagesHandlers } from './messages';
import { reportsHandlers } from './reports';
import { reportExportHandlers } from './report-exports';
import { reportScheduleHandlers } from './report-schedules';
import { billsHandlers } from './bills';
import { providerCurrencyHandlers } from './provider-currency';
import { notificationHandlers } from '../notifications/actions';
import { pushHandlers } from '../notifications/push-actions';
import { roleRuleHandlers } from '../notifications/role-actions';
import { oncallHandlers } from '../notifications/oncall-actions';

/** Every implemented action; the pipeline answers `unknownAction` for the rest. */
export const allHandlers: Handlers = {
  ...identityHandlers,
  ...stationHandlers,
  ...providerCurrencyHandlers,
  ...tariffsHandlers,
  ...priceFeedHandlers,
  ...oilPricesHandlers,
  ...tariffPreviewHandlers,
  ...strategiesHandlers,
  ...strategyPredictHandlers,
  ...peakDemandHandlers,
  ...accountsHandlers,
  ...rolesHandlers,
  ...alarmsHandlers,
  ...alarmHandlingHandlers,
  ...alarmShelfHandlers,
  ...maintenanceWindowHandlers,
  ...telemetryHandlers,
  ...analysisHandlers,
  ...analysisExportHandlers,
  ...commandHandlers,
  ...auditHandlers,
  ...twoFactorHandlers,
  ...accountSessionsHandlers,
  ...messagesHandlers,
  ...reportsHandlers,
  ...reportExportHandlers,
  ...reportScheduleHandlers,
  ...billsHandlers,
  ...notificationHandlers,
  ...roleRuleHandlers,
  ...oncallHandlers,
  ...pushHandlers,
  ...apiTokenHandlers,
};
