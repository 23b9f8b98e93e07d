import type { Handlers } from '../api/context';
import { analysisAnswers } from '../analytics/answers';

// Analytics center (docs/analytics.md): the answers are built in server/analytics/answers.ts.

export const analysisHandlers: Handlers = {
  queryPvAnalysis: (q, ctx) => analysisAnswers.pv(q, ctx),
  queryEssAnalysis: (q, ctx) => analysisAnswers.ess(q, ctx),
  queryEnergyUsageAnalysis: (q, ctx) => analysisAnswers.usage(q, ctx),
};
