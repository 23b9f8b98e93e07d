// Strategy and mode writes as commands (streams/commands/command.ts): a double click sends one
// request, and each outcome (pending, succeeded, failed with the server's field errors) is an
// event the screen renders. Issuing and switching answer a pending record; the gateway's answer
// arrives later and the screens re-read it (reads.ts `whilePending`).
import type { Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { command, type CommandEvent } from '../commands/command';

const quiet = { quiet: true } as const;

export type SavePeak = Req<'savePeakShavingStrategy'>;
export type SaveIsland = Req<'saveIslandStrategy'>;
export type SaveStrategy = ({ kind: 'peakShaving' } & SavePeak) | ({ kind: 'island' } & SaveIsland);
export type SetMode = Req<'setControlMode'>;

export const saveStrategy$ = (api: Api, input$: Observable<SaveStrategy>): Observable<CommandEvent<SaveStrategy, Res<'savePeakShavingStrategy'>>> =>
  command(input$, ({ kind, ...p }) =>
    kind === 'peakShaving' ? api.call('savePeakShavingStrategy', p as SavePeak, quiet) : api.call('saveIslandStrategy', p as SaveIsland, quiet),
  );

export const deleteStrategy$ = (api: Api, strategyId$: Observable<number>): Observable<CommandEvent<number, null>> =>
  command(strategyId$, (strategyId) => api.call('deleteStrategy', { strategyId }, quiet));

export const issueStrategy$ = (api: Api, strategyId$: Observable<number>): Observable<CommandEvent<number, Res<'issueStrategy'>>> =>
  command(strategyId$, (strategyId) => api.call('issueStrategy', { strategyId }, quiet));

export const setControlMode$ = (api: Api, input$: Observable<SetMode>): Observable<CommandEvent<SetMode, Res<'setControlMode'>>> =>
  command(input$, (p) => api.call('setControlMode', p, quiet));
