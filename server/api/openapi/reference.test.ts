import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../../protocol/catalogue';
import { startTestServer, type TestServer } from '../../test/harness';
import { buildOpenApi } from './document';
import { actionAnchor, endpointAnchor } from './reference';

// The rendered reference: every operation and action of the OpenAPI document with its anchor and
// a contents link to it, permissions, field tables whose shared schemas link to their sections,
// both ways in, one self-contained HTML page revalidated by ETag.

describe('GET /api/reference', () => {
  let s: TestServer;
  let html = '';
  let etag = '';
  const doc = buildOpenApi('1.0.0') as { paths: Record<string, { post: { operationId: string } }> };

  beforeAll(async () => {
    s = await startTestServer('pglite');
    const res = await s.app.inject({ method: 'GET', url: '/api/reference' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    html = res.body;
    etag = String(res.headers.etag);
  });
  afterAll(() => s.close());

  it('is one HTML page with a title, needing nothing from elsewhere', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toMatch(/<title>EMS Cloud API 1\.0\.0 — reference<\/title>/);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link |src="http|@import/);
    expect(html).toContain('prefers-color-scheme: dark');
    expect(html).toContain('@media print');
    // every section opened is closed
    expect(html.split('<section').length).toBe(html.split('</section>').length);
    expect(html.split('<table').length).toBe(html.split('</table>').length);
  });

  it('has every operation and every action with its anchor and a link to it from the contents', () => {
    for (const { post } of Object.values(doc.paths)) {
      expect(html).toContain(`id="${endpointAnchor(post.operationId)}"`);
      expect(html).toContain(`href="#${endpointAnchor(post.operationId)}"`);
    }
    for (const name of Object.keys(catalogue)) {
      expect(html, name).toContain(`id="${actionAnchor(name)}"`);
      expect(html, name).toContain(`<li><a href="#${actionAnchor(name)}">${name}</a></li>`);
    }
  });

  it("shows an action's permission and its fields with constraints, and links the shared schemas it uses", () => {
    const replay = html.slice(html.indexOf(`id="${actionAnchor('replayNotificationDeliveries')}"`));
    const section = replay.slice(0, replay.indexOf('</section>'));
    expect(section).toContain('<strong>Permission:</strong> needs system.account.edit');
    expect(section).toMatch(
      /<code>deliveryIds<\/code><\/td><td>array of <a class="ref" href="#schema-Id">Id<\/a><\/td><td>yes<\/td><td>at least 1 item<br>at most 100 items/,
    );
    const log = html.slice(html.indexOf(`id="${actionAnchor('queryNotificationDeliveries')}"`));
    expect(log.slice(0, log.indexOf('</section>'))).toContain('<a class="ref" href="#schema-NotificationDelivery">NotificationDelivery</a>');
    // the linked schema has a section of its own, whose nested attempt log is a table in its row
    const delivery = html.slice(html.indexOf('id="schema-NotificationDelivery"'));
    expect(delivery.slice(0, delivery.indexOf('</section>'))).toMatch(/<code>channel<\/code>.*one of <code>"email"<\/code>, <code>"webhook"<\/code>/);
    expect(html).toContain('id="schema-Id"');
    const rule = html.slice(html.indexOf(`id="${actionAnchor('saveNotificationRule')}"`));
    expect(rule.slice(0, rule.indexOf('</section>'))).toContain('pattern <code>^\\+\\d{6,15}$</code>');
  });

  it('describes both ways in', () => {
    expect(html).toContain('id="auth-apiToken"');
    expect(html).toContain('id="auth-consoleSession"');
    expect(html).toContain('<code>Authorization: Bearer …</code>');
  });

  it('answers 304 to a reader that has it', async () => {
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await s.app.inject({ method: 'GET', url: '/api/reference', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
