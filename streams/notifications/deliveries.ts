// The delivery log administrators read: every notification with its attempts, newest first,
// filtered on the server; the first DELIVERY_PAGE entries with the total; and its replay command.
import type { Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { command } from '../commands/command';
import { loaded } from '../system/loaded';

export const DELIVERY_PAGE = 500;

export type Delivery = Res<'queryNotificationDeliveries'>['dataList'][number];
export type DeliveryFilter = Omit<Req<'queryNotificationDeliveries'>, 'page' | 'length'>;

export const deliveryLog$ = (api: Api, filter$: Observable<DeliveryFilter | null>, reload$?: Observable<unknown>) =>
  loaded(filter$, (f) => api.call('queryNotificationDeliveries', { ...f, page: 1, length: DELIVERY_PAGE }, { quiet: true }), reload$);

/** Sends dead deliveries again (a dead-letter replay): refusals come back at `deliveryIds.<i>`. */
export const replayDeliveries$ = (api: Api, ids$: Observable<number[]>) =>
  command(ids$, (deliveryIds) => api.call('replayNotificationDeliveries', { deliveryIds }, { quiet: true }));
