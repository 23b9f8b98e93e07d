import { describe, expect, it } from 'vitest';
import { PEAK_FIELDS } from '../../../../protocol/strategy-fields';
import { checkDraft, newDraft, serverErrors, toRequest, type StrategyDraft } from '../draft';

const filled = (): StrategyDraft => ({
  ...newDraft('peakShaving', '2026-07-01'),
  name: 'Night charge',
  supplyPriority: 'pv',
  values: {
    socUpper: '90',
    socLower: '10',
    cellVoltageUpper: '3.6',
    cellVoltageLower: '2.8',
    demandLimitKw: '500',
    antiBackflowKw: '0',
    antiOverloadKw: '800',
    offGridSocUpper: '95',
    offGridSocLower: '15',
    emergencySoc: '20',
  },
  periods: [
    { start: 1080, end: 1440, kind: 'discharge', power: '50' },
    { start: 0, end: 420, kind: 'charge', power: '50' },
    { start: 420, end: 1080, kind: 'idle', power: '0' },
  ],
});

describe('strategy draft', () => {
  it('an empty form prompts for every field', () => {
    const e = checkDraft({ ...newDraft('peakShaving', '2026-07-01') });
    for (const f of ['name', ...PEAK_FIELDS, 'supplyPriority']) expect(e[f]?.code).toBe('required');
    expect(Object.keys(checkDraft({ ...newDraft('island', '2026-07-01') }))).toContain('onGridChargingCutoffSoc');
  });

  it('lower limits must lie below upper ones, and the emergency SOC inside the window', () => {
    const d = filled();
    const e = checkDraft({ ...d, values: { ...d.values, socLower: '95', cellVoltageLower: '3.7', emergencySoc: '99' } });
    expect(e.socLower?.code).toBe('socRange');
    expect(e.cellVoltageLower?.code).toBe('voltageRange');
    expect(checkDraft({ ...d, values: { ...d.values, emergencySoc: '99' } }).emergencySoc?.code).toBe('emergencyRange');
    expect(checkDraft(d)).toEqual({});
  });

  it('sends periods by start and brings a server bound back to the period the user typed', () => {
    const d = filled();
    const r = toRequest(d, 7);
    expect((r.params as { periods: { start: string; mode: string }[] }).periods.map((p) => `${p.start} ${p.mode}`)).toEqual([
      '00:00 charge',
      '07:00 idle',
      '18:00 discharge',
    ]);
    // the server names the first period sent (00:00 charge), which is the second row typed
    const e = serverErrors(d, [
      { path: 'params.periods.0.powerKw', issue: 'tooBig', limit: 40 },
      { path: 'params.cellVoltageUpper', issue: 'tooBig', limit: 3.65 },
    ]);
    expect(e['periods.1.power']).toEqual({ code: 'tooBig', limit: 40 });
    expect(e.cellVoltageUpper).toEqual({ code: 'tooBig', limit: 3.65 });
  });
});
