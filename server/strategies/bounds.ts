import type { FieldIssue } from '../../protocol/envelope';
import type { Queryable } from '../db/db';

// Strategy limits bounded by the station's equipment and by each other, beyond the converter
// and generator ratings checked with the periods (docs/strategies.md, "Validation"): the cell
// voltage window inside what the station's battery cells allow, the emergency reserve inside the
// SOC window, the generator's backflow limit within its rating, the on-grid charging cut-off
// not above the SOC upper limit.

interface CellLimits {
  vMax: number | null;
  vMin: number | null;
}

const cellLimits = async (q: Queryable, stationId: number): Promise<CellLimits> => {
  const [row] = await q.query<CellLimits>(
    `SELECT min((params->>'cellVoltageMax')::float8) AS "vMax", max((params->>'cellVoltageMin')::float8) AS "vMin"
     FROM devices WHERE station_id = $1 AND type = 'battery_cluster'`,
    [stationId],
  );
  return row ?? { vMax: null, vMin: null };
};

const num = (p: Record<string, unknown>, k: string): number | null => (typeof p[k] === 'number' ? (p[k] as number) : null);

export const equipmentIssues = async (
  q: Queryable,
  stationId: number,
  kind: 'peakShaving' | 'island',
  params: Record<string, unknown>,
  s: { dgCapacityKw: number },
): Promise<FieldIssue[]> => {
  const out: FieldIssue[] = [];
  const socUpper = num(params, 'socUpper');
  const socLower = num(params, 'socLower');
  if (kind === 'peakShaving') {
    const cells = await cellLimits(q, stationId);
    const vUp = num(params, 'cellVoltageUpper');
    const vLo = num(params, 'cellVoltageLower');
    if (cells.vMax !== null && vUp !== null && vUp > cells.vMax) out.push({ path: 'params.cellVoltageUpper', issue: 'tooBig', limit: cells.vMax });
    if (cells.vMin !== null && vLo !== null && vLo < cells.vMin) out.push({ path: 'params.cellVoltageLower', issue: 'tooSmall', limit: cells.vMin });
    const emergency = num(params, 'emergencySoc');
    if (emergency !== null && socUpper !== null && socLower !== null && (emergency < socLower || emergency > socUpper))
      out.push({ path: 'params.emergencySoc', issue: 'socRange' });
  } else {
    const backflow = num(params, 'dgBackflowLimitKw');
    if (backflow !== null && backflow > s.dgCapacityKw) out.push({ path: 'params.dgBackflowLimitKw', issue: 'tooBig', limit: s.dgCapacityKw });
    const cutoff = num(params, 'onGridChargingCutoffSoc');
    if (cutoff !== null && socUpper !== null && cutoff > socUpper) out.push({ path: 'params.onGridChargingCutoffSoc', issue: 'tooBig', limit: socUpper });
  }
  return out;
};
