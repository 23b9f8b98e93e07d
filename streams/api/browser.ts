// Browser adapters for the request source: fetch transport with a timeout, Web Crypto signer.
import { buildSignedForm, webCryptoHmacSha256 } from '../../protocol/signing';
import { CONSOLE_ACCESS_KEY_ID, CONSOLE_ACCESS_KEY_SECRET } from '../../protocol/console-key';
import { TransportError, type Signer, type Transport } from './client';

export const fetchTransport: Transport = async (req) => {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), req.timeoutMs);
  try {
    const res = await fetch(req.url, { method: 'POST', headers: req.headers, body: req.body, signal: ctl.signal, credentials: 'same-origin' });
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    return { status: res.status, body };
  } catch {
    throw new TransportError(ctl.signal.aborted ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
  }
};

export const webSigner: Signer = (action, payload) =>
  buildSignedForm({
    action,
    payload,
    accessKeyId: CONSOLE_ACCESS_KEY_ID,
    secret: CONSOLE_ACCESS_KEY_SECRET,
    hmac: webCryptoHmacSha256,
  });
