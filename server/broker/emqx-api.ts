// EMQX 5's management REST API, for one thing: closing the open connections of a console
// session that was revoked. EMQX asks the hooks (hook-access.ts) only at CONNECT, SUBSCRIBE and
// PUBLISH, so a connection already open outlives its session unless the server kicks it.
// Authentication is HTTP Basic with an API key and its secret key (Dashboard → System → API
// Keys; https://docs.emqx.com/en/emqx/latest/admin/api.html).

export interface EmqxApiDeps {
  /** the API's origin, e.g. http://emqx:18083 (`/api/v5/…` is appended) */
  url: string;
  key: string;
  secret: string;
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };
}

/** Closes every connection of `username`; never throws (a failure is logged). */
export type KickUsername = (username: string) => Promise<void>;

// a revocation must not wait on a broker API that hangs: the hooks deny the login anyway
const TIMEOUT_MS = 3_000;

type ClientsPage = { data?: { clientid?: unknown }[] };

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export const emqxKicker = ({ url, key, secret, log }: EmqxApiDeps): KickUsername => {
  const base = url.replace(/\/+$/, '');
  const headers = { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`, accept: 'application/json' };
  const call = (method: 'GET' | 'DELETE', path: string) => fetch(`${base}/api/v5${path}`, { method, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });

  const kickClient = async (username: string, clientid: string): Promise<boolean> => {
    try {
      const res = await call('DELETE', `/clients/${encodeURIComponent(clientid)}`);
      await res.body?.cancel();
      // 404: the client left already, or another replica kicked it first (each one hears the revocation)
      if (res.ok || res.status === 404) return res.ok;
      log.warn({ status: res.status, username, clientid }, "EMQX API: kicking a revoked session's client failed");
    } catch (e) {
      log.warn({ err: message(e), username, clientid }, "EMQX API: kicking a revoked session's client failed");
    }
    return false;
  };

  return async (username) => {
    let clientids: string[];
    try {
      // `username` is an exact match (`_like_username` would be the substring one)
      const res = await call('GET', `/clients?username=${encodeURIComponent(username)}`);
      if (!res.ok) {
        await res.body?.cancel();
        log.warn({ status: res.status, username }, "EMQX API: listing a revoked session's clients failed");
        return;
      }
      const page = (await res.json()) as ClientsPage;
      clientids = (page.data ?? []).map((c) => c.clientid).filter((c): c is string => typeof c === 'string');
    } catch (e) {
      log.warn({ err: message(e), username }, "EMQX API: listing a revoked session's clients failed");
      return;
    }
    const kicked = (await Promise.all(clientids.map((id) => kickClient(username, id)))).filter(Boolean).length;
    if (kicked > 0) log.info({ username, kicked }, 'EMQX API: closed the connections of a revoked session');
  };
};
