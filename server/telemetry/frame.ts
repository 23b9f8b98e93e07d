import { telemetryFrame, type TelemetryFrame } from '../../protocol/fleet';
import type { ZodError } from 'zod';
import type { Rejections } from './rejections';

// A gateway's telemetry payload as it comes off the broker, checked before it reaches the
// store: size first (nothing is parsed beyond it), then JSON, the frame schema, and the station
// the topic names (a gateway speaks only for its own site).

/** 512 devices × 32 values fit well below this; anything larger is not a frame. */
export const MAX_FRAME_BYTES = 256 * 1024;

/** The first schema issue of a refused message, as a log detail ("devices.0.v: Expected array"). */
export const issueOf = (e: ZodError): string | undefined => {
  const first = e.issues[0];
  return first ? `${first.path.join('.')}: ${first.message}` : undefined;
};

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
    rejections.note('schema', topicStationId, issueOf(f.error));
    return null;
  }
  if (f.data.stationId !== topicStationId) {
    rejections.note('foreignStation', topicStationId, `frame of station ${f.data.stationId}`);
    return null;
  }
  return f.data;
};
