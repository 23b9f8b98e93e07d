import { telemetryFrame, type TelemetryFrame } from '../../protocol/fleet';
import type { Rejections } from './rejections';

// A gateway's telemetry payload as it comes off the broker, checked before it reaches the
// store: size first (nothing is parsed beyond it), then JSON, the frame schema, and the station
// the topic names (a gateway speaks only for its own site).

/** 512 devices × 32 values fit well below this; anything larger is not a frame. */
export const MAX_FRAME_BYTES = 256 * 1024;

export const parseTelemetry = (topicStationId: number, payload: Buffer | string, rejections: Rejections): TelemetryFrame | null => {
  const bytes = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (bytes > MAX_FRAME_BYTES) {
    rejections.note('oversized', topicStationId, `${bytes} bytes`);
    return null;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    rejections.note('invalidJson', topicStationId);
    return null;
  }
  const f = telemetryFrame.safeParse(raw);
  if (!f.success) {
    const first = f.error.issues[0];
    rejections.note('schema', topicStationId, first ? `${first.path.join('.')}: ${first.message}` : undefined);
    return null;
  }
  if (f.data.stationId !== topicStationId) {
    rejections.note('foreignStation', topicStationId, `frame of station ${f.data.stationId}`);
    return null;
  }
  return f.data;
};
