// The global message view: alarm messages in scope with the caller's read state, newest first,
// and the mark-read command (some ids, or everything received so far).
import type { Observable } from 'rxjs';
import type { Api, Req } from '../api/client';
import { command } from '../commands/command';
import { loaded } from './loaded';

export const MESSAGE_PAGE = 1000;
export type MessageFilter = Omit<Req<'queryMessages'>, 'page' | 'length'>;
export type MarkRead = Req<'markMessagesRead'>;

export const messages$ = (api: Api, filter$: Observable<MessageFilter | null>, reload$?: Observable<unknown>) =>
  loaded(filter$, (f) => api.call('queryMessages', { ...f, page: 1, length: MESSAGE_PAGE }, { quiet: true }), reload$);

export const markMessagesRead$ = (api: Api, input$: Observable<MarkRead>) => command(input$, (p) => api.call('markMessagesRead', p, { quiet: true }));
