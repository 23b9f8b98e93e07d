// A mode screen's read of one station or record by its id: read again when the id changes and on
// every reload; `data` null until the first answer.
import { useObservable, useObservableState } from 'observable-hooks';
import { map, type Observable } from 'rxjs';
import type { Api } from '../../../streams/api/client';
import { NOTHING, type Loaded } from '../../../streams/system/loaded';
import { useRuntime } from '../../hooks/runtime';

export type IdRead<T> = (api: Api, id$: Observable<number | null>, reload$: Observable<unknown>) => Observable<Loaded<T>>;

export function useIdRead<T>(read: IdRead<T>, id: number, reload$: Observable<unknown>): Loaded<T> {
  const { api } = useRuntime();
  return useObservableState(
    useObservable((in$) => read(api, in$.pipe(map(([x]) => x)), reload$), [id]),
    NOTHING,
  );
}
