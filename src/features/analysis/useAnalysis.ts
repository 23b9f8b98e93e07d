// One analysis screen's state: the toolbar form (held here) and the read it stands for (in
// streams/analysis), for the provider picked in the selector.
import { useObservable, useObservableState } from 'observable-hooks';
import { useEffect, useState } from 'react';
import { map } from 'rxjs';
import { analysis$, analysisQuery, noAnalysis, type AnalysisAction, type AnalysisView } from '../../../streams/analysis/analysis';
import { defaultForm, type AnalysisForm } from '../../../streams/analysis/form';
import type { Res } from '../../../streams/api/client';
import { scopeCode } from '../../../streams/monitor/scope';
import { useRuntime, useStoreValue } from '../../hooks/runtime';

export interface AnalysisState<A extends AnalysisAction> {
  action: A;
  form: AnalysisForm;
  setForm: (f: AnalysisForm) => void;
  view: AnalysisView<Res<A>>;
}

export function useAnalysis<A extends AnalysisAction>(action: A): AnalysisState<A> {
  const { api } = useRuntime();
  const scope = useStoreValue(scopeCode);
  const [form, setForm] = useState<AnalysisForm>(() => defaultForm(Date.now()));
  // a station belongs to one provider: another provider starts from all its stations
  useEffect(() => setForm((f) => (f.stationId === null ? f : { ...f, stationId: null })), [scope]);
  const query$ = useObservable((in$) => in$.pipe(map(([s, f]) => analysisQuery(s, f))), [scope, form]);
  const view = useObservableState(
    useObservable(() => analysis$({ api }, action, query$)),
    noAnalysis<Res<A>>(),
  );
  return { action, form, setForm, view };
}
