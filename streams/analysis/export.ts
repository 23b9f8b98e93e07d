// The analysis workbook (exportAnalysis) as a command: one click sends one request for the
// request the screen shows; the server answers the finished job with its download link.
import type { Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { command, type CommandEvent } from '../commands/command';
import type { AnalysisAction, AnalysisRequest } from './analysis';

export type AnalysisExport = Req<'exportAnalysis'>;
export type AnalysisExportJob = Res<'exportAnalysis'>;

const KIND = { queryPvAnalysis: 'pv', queryEssAnalysis: 'ess', queryEnergyUsageAnalysis: 'usage' } as const;

/** The export request of what a screen shows (`shown` is the request its data answers). */
export const analysisExport = (action: AnalysisAction, shown: AnalysisRequest): AnalysisExport => ({ ...shown, analysis: KIND[action], format: 'xlsx' });

export const exportAnalysis$ = (api: Api, input$: Observable<AnalysisExport>): Observable<CommandEvent<AnalysisExport, AnalysisExportJob>> =>
  command(input$, (p) => api.call('exportAnalysis', p, { quiet: true }));
