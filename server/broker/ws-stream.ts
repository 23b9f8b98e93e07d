// A WebSocket as the byte stream Aedes writes MQTT to.
import type { Duplex } from 'node:stream';
import { createWebSocketStream, type WebSocket } from 'ws';

/**
 * ws's stream sends every write as its own frame, and an MQTT packet is written in pieces (fixed
 * header, length, topic, payload: mqtt-packet corks the stream around them). Gathering what a
 * cork held into one frame sends a PUBLISH as one frame instead of four or five, so a browser
 * in an alarm storm handles a fraction of the frames. MQTT over WebSocket lets a frame carry
 * several packets or part of one (MQTT 3.1.1 §6); mqtt.js reads it as a stream.
 */
export function mqttStreamOf(ws: WebSocket): Duplex {
  const stream = createWebSocketStream(ws);
  stream._writev = (chunks, callback) =>
    stream._write(
      Buffer.concat(chunks.map(({ chunk, encoding }) => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding)))),
      'binary',
      callback,
    );
  return stream;
}
