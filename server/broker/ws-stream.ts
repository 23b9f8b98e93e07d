// A WebSocket as the byte stream Aedes writes MQTT to.
import type { Duplex } from 'node:stream';
import { createWebSocketStream, type WebSocket } from 'ws';

/**
 * Fewer, fuller frames. ws's stream sends every write as its own frame, and an MQTT packet is
 * written in pieces (fixed header, length, topic, payload, under a cork): six frames per PUBLISH.
 * Here what a cork held goes out as one frame, and a write waits for the previous frame's send
 * to finish and one turn of the event loop, so the pushes of one burst (a fleet raising twenty
 * alarms at once) share a frame. The first write of a quiet period still goes at once. A browser
 * in an alarm storm handles a fraction of the frames, and the server makes a fraction of the
 * socket writes. MQTT over WebSocket lets a frame carry several packets or part of one (MQTT
 * 3.1.1 §6); mqtt.js reads it as a stream.
 */
export function mqttStreamOf(ws: WebSocket): Duplex {
  const stream = createWebSocketStream(ws);
  // handleUpgrade hands over an open socket, so ws's wait for 'open' is not needed here
  const send = (data: Buffer, callback: (err?: Error | null) => void) => ws.send(data, (err) => (err ? callback(err) : setImmediate(callback)));
  stream._write = (chunk: Buffer, _encoding, callback) => send(chunk, callback);
  stream._writev = (chunks, callback) =>
    send(Buffer.concat(chunks.map(({ chunk, encoding }) => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding)))), callback);
  return stream;
}
