import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real local SMS gateway for the tests: an HTTP endpoint that keeps every request it was sent
// (its Authorization header and its body, parsed as JSON) and answers with a status and body the
// test chooses.

export interface SmsRequest {
  authorization: string | null;
  contentType: string | null;
  body: Record<string, unknown>;
}

export interface SmsGatewaySink {
  url: string;
  requests: SmsRequest[];
  /** the status the gateway answers (default 200) and its body */
  status: number;
  answer: string;
  close(): Promise<void>;
}

export const startSmsGateway = async (): Promise<SmsGatewaySink> => {
  const sink: SmsGatewaySink = { url: '', requests: [], status: 200, answer: '{"ok":true}', close: async () => undefined };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      sink.requests.push({
        authorization: req.headers.authorization ?? null,
        contentType: req.headers['content-type'] ?? null,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      });
      res.statusCode = sink.status;
      res.setHeader('content-type', 'application/json');
      res.end(sink.answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  sink.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send`;
  sink.close = () => new Promise<void>((r) => server.close(() => r()));
  return sink;
};
