// GET /map-style.json: the homepage map's style URL (MAP_STYLE_URL), null for the offline style.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

describe('/map-style.json', () => {
  let off: TestServer;
  let on: TestServer;
  beforeAll(async () => {
    [off, on] = await Promise.all([
      startTestServer('pglite', { seedStations: 2 }),
      startTestServer('pglite', { seedStations: 2, config: { mapStyleUrl: 'https://tiles.example/style.json', mapStyleOrigins: ['https://tiles.example'] } }),
    ]);
  });
  afterAll(async () => {
    await off?.app.close();
    await on?.app.close();
  });
  it('answers null without MAP_STYLE_URL and the URL with it (whose origin the CSP allows)', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/map-style.json' })).json()).toEqual({ url: null });
    const r = await on.app.inject({ method: 'GET', url: '/map-style.json' });
    expect(r.json()).toEqual({ url: 'https://tiles.example/style.json' });
    // the page's policy (a document's headers; a JSON file carries none) lets the map fetch it
    const page = await on.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(page.headers['content-security-policy'])).toContain('https://tiles.example');
  });
});
