import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/lib/precompress';
import { startTestServer, type TestServer } from '../../test/harness';

// What a browser gets from the server: built files compressed once at build time and chosen by
// its accept-encoding, content-named files kept for a year, the page itself always revalidated,
// and API answers compressed when they are worth it.

const script = `export const stations = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Station ${i}` })))};\n`;
const ASSET = '/assets/index-Bx3kQ9_z.js';

describe('delivery of the console and the API', () => {
  let s: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ems-static-'));
    await mkdir(join(dir, 'assets'));
    await mkdir(join(dir, 'img'));
    await writeFile(
      join(dir, 'index.html'),
      `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body>${'<!-- console -->'.repeat(100)}</body></html>`,
    );
    await writeFile(join(dir, ASSET), script);
    await writeFile(join(dir, 'img', 'logo.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
    await precompressDir(dir);
    s = await startTestServer('pglite', { config: { staticDir: dir } });
  });
  afterAll(async () => {
    await s?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    s.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli or gzip file made at build time by negotiation, the same bytes once decoded', async () => {
    const br = await get(ASSET, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get(ASSET, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get(ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(br.headers.vary).toContain('accept-encoding');
  });

  it('keeps content-named files a year and revalidates the page that names them', async () => {
    expect((await get(ASSET, 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/', 'br')).headers['cache-control']).toBe('no-cache');
    // a console route served by the fallback is the same page
    const route = await get('/alarm/alarmList', 'br');
    expect(route.headers['content-type']).toContain('text/html');
    expect(route.headers['cache-control']).toBe('no-cache');
    // a file not named by its content may change with a deployment
    expect((await get('/img/logo.svg', 'br')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends the page its document policies and a script only what a script needs', async () => {
    const page = await get('/monitor-station/list?keyword=a.js', 'br');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    const asset = await get(ASSET, 'br');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
  });

  it('compresses API answers over 1 KiB, and leaves small ones as they are', async () => {
    const token = await s.login('admin', 'Admin@2026');
    const big = await s.call('queryStationInfoList', { page: 1, length: 50 }, token, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.code).toBe(0);
    expect(big.headers['content-encoding']).toBe('br');
    // a refusal is a few dozen bytes
    const small = await s.call('queryProfile', {}, undefined, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.status).toBe(401);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
