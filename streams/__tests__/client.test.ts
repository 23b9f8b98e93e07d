import { describe, expect, it, vi } from 'vitest';
import { createApi, TransportError, type HttpRequest, type HttpResponse, type Navigator } from '../api/client';
import { createStore } from '../store';
import { initialState } from '../state';

const setup = (answer: (r: HttpRequest) => Promise<HttpResponse>, here = '/alarm/alarmList?x=1#h', language: 'en' | 'zh' = 'en') => {
  const store = createStore(initialState({ token: 'tok', language, menuBuilt: true }));
  const go = vi.fn<Navigator['go']>();
  const nav = { current: () => here, go };
  const seen: HttpRequest[] = [];
  const api = createApi({
    transport: (r) => {
      seen.push(r);
      return answer(r);
    },
    signer: async (action, payload) => `action=${action}&n=${Object.keys(payload).length}`,
    clock: { now: () => 1000 },
    store,
    nav,
  });
  return { store, nav, api, seen };
};

describe('signed request source', () => {
  it('posts to /api/<endpoint> with locale, client header, token and a 30 s timeout', async () => {
    const { api, seen } = setup(async () => ({ status: 200, body: { code: 0, msg: '', data: { dataList: [] } } }));
    await expect(api.call('queryAllOrgIdAndName', {})).resolves.toEqual({ dataList: [] });
    expect(seen[0]).toMatchObject({
      url: '/api/asset',
      timeoutMs: 30_000,
      headers: { locale: 'en_GB', 'x-ems-client': '1', authorization: 'Bearer tok' },
    });
  });

  it('uses zh_CN for Chinese', async () => {
    const { api, seen } = setup(async () => ({ status: 200, body: { code: 0, msg: '', data: null } }), '/', 'zh');
    await api.call('logout', {});
    expect(seen[0]!.headers.locale).toBe('zh_CN');
  });

  it('is not a success unless HTTP 200 and code 0', async () => {
    const { api, store } = setup(async () => ({ status: 200, body: { code: 2003, msg: 'no', data: null } }));
    await expect(api.call('queryProfile', {})).rejects.toMatchObject({ error: { kind: 'http', codeName: 'forbidden' } });
    expect(store.getState().message).toMatchObject({ show: true, type: 'error', text: { key: 'errors.forbidden' } });
  });

  it('401 clears the token and goes to login with the full current path', async () => {
    const { api, store, nav } = setup(async () => ({ status: 401, body: { code: 2001, msg: 'expired', data: null } }));
    await expect(api.call('queryProfile', {})).rejects.toThrow();
    expect(store.getState().session.token).toBeNull();
    expect(nav.go).toHaveBeenCalledWith('/login?redirect=' + encodeURIComponent('/alarm/alarmList?x=1#h'), { replace: true });
  });

  it('401 on the login page stays there', async () => {
    const { api, nav } = setup(async () => ({ status: 401, body: { code: 2001, msg: '', data: null } }), '/login?redirect=%2F');
    await expect(api.call('queryProfile', {})).rejects.toThrow();
    expect(nav.go).not.toHaveBeenCalled();
  });

  it('500 shows the server message', async () => {
    const { api, store } = setup(async () => ({ status: 500, body: { code: 5000, msg: 'db down', data: null } }));
    await expect(api.call('queryProfile', {})).rejects.toThrow();
    expect(store.getState().message.text).toEqual({ raw: 'db down' });
  });

  it('timeouts mark the API unreachable; quiet calls show nothing', async () => {
    const { api, store } = setup(async () => {
      throw new TransportError('timeout');
    });
    await expect(api.call('queryProfile', {}, { quiet: true })).rejects.toMatchObject({ error: { kind: 'timeout' } });
    expect(store.getState().connection.api).toBe('offline');
    expect(store.getState().message.show).toBe(false);
  });
});
