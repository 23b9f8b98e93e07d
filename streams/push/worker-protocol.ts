// Messages between the console and the push worker (mqtt.worker.ts). The worker owns the
// WebSocket, MQTT parsing and validation, so an alarm storm costs the page one task per batch
// instead of one per message.
import type { StationMaintenancePush } from '../../protocol/push';
import type { AlarmPush } from '../types';

export type ToWorker =
  | { type: 'connect'; url: string; username: string; password: string }
  | { type: 'subscribe'; topic: string }
  | { type: 'unsubscribe'; topic: string }
  | { type: 'end' };

export type FromWorker =
  | { type: 'connect' }
  | { type: 'close' }
  | { type: 'batch'; items: { topic: string; alarm: AlarmPush }[] }
  | { type: 'maintenance'; topic: string; message: StationMaintenancePush }
  | { type: 'malformed'; topic: string; reason: string; detail: string };
