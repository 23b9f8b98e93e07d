import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../../protocol/catalogue';
import { startTestServer, type TestServer } from '../../test/harness';

describe('GET /api/openapi.json', () => {
  let s: TestServer;
  let doc: {
    openapi: string;
    paths: Record<string, { post: { requestBody: { content: Record<string, { schema: { oneOf: unknown[] } }> } } }>;
    components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string; scheme?: string }> };
  };

  beforeAll(async () => {
    s = await startTestServer('pglite');
    const res = await s.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = JSON.parse(res.body) as typeof doc;
  });
  afterAll(() => s.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const r = await new Validator().validate(doc as never);
    expect(r.errors).toBeUndefined();
    expect(r.valid).toBe(true);
  });

  it('offers every catalogue action on its endpoint, as JSON and as a form', () => {
    const offered = Object.values(doc.paths).flatMap((p) =>
      p.post.requestBody.content['application/json']!.schema.oneOf.map((x) => (x as { $ref: string }).$ref),
    );
    expect(offered.length).toBe(Object.keys(catalogue).length);
    expect(offered).toContain('#/components/schemas/CreateApiTokenCall');
    expect(Object.keys(doc.paths['/api/mot']!.post.requestBody.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
  });

  it('names shared schemas once: the date and time patterns are not repeated inline', () => {
    const text = JSON.stringify(doc);
    const datePattern = JSON.stringify((doc.components.schemas.IsoDate as { pattern: string }).pattern);
    expect(text.split(datePattern).length - 1).toBe(1);
    expect(text).toContain('"$ref":"#/components/schemas/IsoDate"');
    expect(text).toContain('"$ref":"#/components/schemas/IsoDateTime"');
  });

  it("describes both ways in: API tokens and the console's signed session", () => {
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.consoleSession).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.consoleClient).toMatchObject({ type: 'apiKey' });
  });
});
