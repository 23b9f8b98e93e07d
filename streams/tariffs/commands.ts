// Tariff, template and fuel-price writes as commands (streams/commands/command.ts): a double
// click sends one request, and each outcome (pending, succeeded, failed with the server's field
// errors) is an event the screen renders. Requests are quiet: the forms show the errors at their
// fields. Applying a template to several stations runs one request per station, in order, and
// reports the outcome of each.
import type { Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { command, commandError, type CommandError, type CommandEvent } from '../commands/command';

const quiet = { quiet: true } as const;

export type SaveTariff = Req<'saveTariff'>;
export type SaveTemplate = Req<'saveTariffTemplate'>;
export type SaveOilPrice = Req<'saveOilPrice'>;

export const saveTariff$ = (api: Api, input$: Observable<SaveTariff>): Observable<CommandEvent<SaveTariff, Res<'saveTariff'>>> =>
  command(input$, (p) => api.call('saveTariff', p, quiet));

export const deleteTariff$ = (api: Api, tariffId$: Observable<number>): Observable<CommandEvent<number, null>> =>
  command(tariffId$, (tariffId) => api.call('deleteTariff', { tariffId }, quiet));

export const saveTemplate$ = (api: Api, input$: Observable<SaveTemplate>): Observable<CommandEvent<SaveTemplate, Res<'saveTariffTemplate'>>> =>
  command(input$, (p) => api.call('saveTariffTemplate', p, quiet));

export const deleteTemplate$ = (api: Api, templateId$: Observable<number>): Observable<CommandEvent<number, null>> =>
  command(templateId$, (templateId) => api.call('deleteTariffTemplate', { templateId }, quiet));

export const saveOilPrice$ = (api: Api, input$: Observable<SaveOilPrice>): Observable<CommandEvent<SaveOilPrice, Res<'saveOilPrice'>>> =>
  command(input$, (p) => api.call('saveOilPrice', p, quiet));

export const deleteOilPrice$ = (api: Api, oilPriceId$: Observable<number>): Observable<CommandEvent<number, null>> =>
  command(oilPriceId$, (oilPriceId) => api.call('deleteOilPrice', { oilPriceId }, quiet));

export interface ApplyTemplate {
  templateId: number;
  stationIds: number[];
  name: string;
  effectiveDate: string;
}
/** One station's outcome: the new tariff, or why it was refused. */
export type ApplyOutcome = { stationId: number; ok: true; tariffId: number } | { stationId: number; ok: false; error: CommandError };

export async function applyToStations(api: Api, a: ApplyTemplate): Promise<ApplyOutcome[]> {
  const out: ApplyOutcome[] = [];
  for (const stationId of a.stationIds) {
    try {
      const r = await api.call('applyTariffTemplate', { templateId: a.templateId, stationId, name: a.name, effectiveDate: a.effectiveDate }, quiet);
      out.push({ stationId, ok: true, tariffId: r.tariffId });
    } catch (e) {
      out.push({ stationId, ok: false, error: commandError(e) });
    }
  }
  return out;
}

export const applyTemplate$ = (api: Api, input$: Observable<ApplyTemplate>): Observable<CommandEvent<ApplyTemplate, ApplyOutcome[]>> =>
  command(input$, (a) => applyToStations(api, a));

export type SavePriceFeed = Req<'savePriceFeed'>;
export type ImportPriceCsv = Req<'importPriceFeedCsv'>;

export const savePriceFeed$ = (api: Api, input$: Observable<SavePriceFeed>): Observable<CommandEvent<SavePriceFeed, Res<'savePriceFeed'>>> =>
  command(input$, (p) => api.call('savePriceFeed', p, quiet));

export const importPriceCsv$ = (api: Api, input$: Observable<ImportPriceCsv>): Observable<CommandEvent<ImportPriceCsv, Res<'importPriceFeedCsv'>>> =>
  command(input$, (p) => api.call('importPriceFeedCsv', p, quiet));

export const pullPriceFeed$ = (api: Api, feedId$: Observable<number>): Observable<CommandEvent<number, Res<'pullPriceFeed'>>> =>
  command(feedId$, (feedId) => api.call('pullPriceFeed', { feedId }, quiet));

export const deletePriceFeed$ = (api: Api, feedId$: Observable<number>): Observable<CommandEvent<number, null>> =>
  command(feedId$, (feedId) => api.call('deletePriceFeed', { feedId }, quiet));
