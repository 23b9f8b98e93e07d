// API tokens (docs/integrations.md): the reader's own and, for an account administrator, those of
// the accounts it manages; creating and revoking as commands. Requests are quiet: the page shows
// refusals at their fields.
import type { Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { command } from '../commands/command';
import { loaded } from './loaded';

const quiet = { quiet: true } as const;

export type ApiToken = Res<'queryApiTokens'>['dataList'][number];
export type CreateApiToken = Req<'createApiToken'>;
export type TokenView = 'own' | 'managed';

/** The tokens of one view, read for each view asked and again on every `reload$`. */
export const apiTokens$ = (api: Api, view$: Observable<TokenView | null>, reload$?: Observable<unknown>) =>
  loaded(view$, (view) => api.call('queryApiTokens', { view }, quiet).then((r) => r.dataList), reload$);

/** Answers the secret once, with the token. */
export const createApiToken$ = (api: Api, input$: Observable<CreateApiToken>) => command(input$, (r) => api.call('createApiToken', r, quiet));

export const revokeApiToken$ = (api: Api, tokenId$: Observable<number>) => command(tokenId$, (tokenId) => api.call('revokeApiToken', { tokenId }, quiet));
