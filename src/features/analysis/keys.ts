// The analysis screens' codes mapped to the keys of their labels (see src/i18n/codeKeys.ts for
// why maps). Codes the server sends are keyed by their protocol type, so a new code without a
// label fails the build.
import { COMPARES, PERIODS, type Compare, type Period } from '../../../streams/analysis/form';
import type { Res } from '../../../streams/api/client';
import { keysOf } from '../../i18n/codeKeys';
import type { TKey } from '../../i18n/i18n';

type EssTotals = Res<'queryEssAnalysis'>['totals'];

export const PERIOD_KEY = keysOf('analysis:toolbar.periods', PERIODS) satisfies Record<Period, TKey>;
export const COMPARE_KEY = keysOf('analysis:toolbar.compares', COMPARES) satisfies Record<Compare, TKey>;
export const RTE_METHOD_KEY = { sameSoc: 'analysis:rte.sameSoc', socCorrected: 'analysis:rte.socCorrected' } as const satisfies Record<
  EssTotals['rteMethod'],
  TKey
>;
export const RTE_BASIS_KEY = { ac: 'analysis:rte.ac' } as const satisfies Record<EssTotals['rteBasis'], TKey>;
