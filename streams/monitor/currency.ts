// Setting a service provider's currency (ISO 4217) is the platform's command: it relabels the
// provider's money everywhere and converts nothing (docs/tariffs.md "Currency"). Quiet, since the
// form shows the refusal beside its field.
import type { Observable } from 'rxjs';
import type { Api, Req } from '../api/client';
import { command, type CommandEvent } from '../commands/command';

export type SetProviderCurrency = Req<'updateProviderCurrency'>;

export const setProviderCurrency$ = (api: Api, input$: Observable<SetProviderCurrency>): Observable<CommandEvent<SetProviderCurrency, null>> =>
  command(input$, (p) => api.call('updateProviderCurrency', p, { quiet: true }));
