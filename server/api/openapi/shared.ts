import { z } from 'zod';
import * as accounts from '../../../protocol/actions/accounts';
import * as alarmHandling from '../../../protocol/actions/alarm-handling';
import * as alarms from '../../../protocol/actions/alarms';
import * as analysis from '../../../protocol/actions/analysis';
import * as apiTokens from '../../../protocol/actions/api-tokens';
import * as audit from '../../../protocol/actions/audit';
import { id, isoDate, isoTime } from '../../../protocol/actions/common';
import * as identity from '../../../protocol/actions/identity';
import * as messages from '../../../protocol/actions/messages';
import * as notifications from '../../../protocol/actions/notifications';
import * as reportFiles from '../../../protocol/actions/report-files';
import * as reportSchedules from '../../../protocol/actions/report-schedules';
import * as reportShapes from '../../../protocol/actions/report-shapes';
import * as reports from '../../../protocol/actions/reports';
import * as stations from '../../../protocol/actions/stations';
import * as strategies from '../../../protocol/actions/strategies';
import * as strategyPredict from '../../../protocol/actions/strategy-predict';
import * as tariffCharges from '../../../protocol/actions/tariff-charges';
import * as tariffs from '../../../protocol/actions/tariffs';
import * as telemetry from '../../../protocol/actions/telemetry';

// The schemas the OpenAPI document names once under components/schemas and refers to: the
// building blocks every request uses (ids, dates, times) and every object schema the action
// modules export under a name (a station summary, an account row, an audit entry …).

export const BUILDING_BLOCKS: [z.ZodType, string][] = [
  [id, 'Id'],
  [isoTime, 'IsoDateTime'],
  [isoDate, 'IsoDate'],
  [reportShapes.billId, 'BillId'],
];

const modules = [
  accounts,
  alarmHandling,
  alarms,
  analysis,
  apiTokens,
  audit,
  identity,
  messages,
  notifications,
  reportFiles,
  reportSchedules,
  reportShapes,
  reports,
  stations,
  strategies,
  strategyPredict,
  tariffCharges,
  tariffs,
  telemetry,
];

const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);

/** Every exported object schema of the action modules, by its export name in PascalCase. */
export const namedObjects = (): [z.ZodType, string][] => {
  const out: [z.ZodType, string][] = [];
  const seen = new Set<unknown>();
  const names = new Set(BUILDING_BLOCKS.map(([, n]) => n));
  for (const m of modules)
    for (const [name, v] of Object.entries(m))
      if (v instanceof z.ZodObject && !seen.has(v) && !names.has(pascal(name))) {
        seen.add(v);
        names.add(pascal(name));
        out.push([v, pascal(name)]);
      }
  return out;
};
