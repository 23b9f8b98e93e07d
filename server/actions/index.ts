import type { Handlers } from '../api/context';
import { identityHandlers } from './identity';
import { stationHandlers } from './stations';
import { tariffsHandlers } from './tariffs';
import { oilPricesHandlers } from './oil-prices';
import { strategiesHandlers } from './strategies';
import { accountsHandlers } from './accounts';
import { rolesHandlers } from './roles';
import { alarmsHandlers } from './alarms';
import { telemetryHandlers } from './telemetry';

/** Every implemented action; the pipeline answers `unknownAction` for the rest. */
export const allHandlers: Handlers = {
  ...identityHandlers,
  ...stationHandlers,
  ...tariffsHandlers,
  ...oilPricesHandlers,
  ...strategiesHandlers,
  ...accountsHandlers,
  ...rolesHandlers,
  ...alarmsHandlers,
  ...telemetryHandlers,
};
