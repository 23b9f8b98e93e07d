// The delivery log administrators read: every notification with its attempts, newest first,
// filtered on the server; the first DELIVERY_PAGE entries with the total.
import type { Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { loaded } from '../system/loaded';

export const DELIVERY_PAGE = 500;

export type Delivery = Res<'queryNotificationDeliveries'>['dataList'][number];
export type DeliveryFilter = Omit<Req<'queryNotificationDeliveries'>, 'page' | 'length'>;

export const deliveryLog$ = (api: Api, filter$: Observable<DeliveryFilter | null>, reload$?: Observable<unknown>) =>
  loaded(filter$, (f) => api.call('queryNotificationDeliveries', { ...f, page: 1, length: DELIVERY_PAGE }, { quiet: true }), reload$);
