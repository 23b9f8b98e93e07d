import { esc, prose, referenced, refName, schemaAnchor, schemaHtml, type Json } from './schema-html';
import { REFERENCE_CSS } from './reference-css';

// The API reference as one HTML page (`GET /api/reference`), rendered from the same OpenAPI
// document as /api/openapi.json: a table of contents, the two ways in, then each endpoint with its
// actions (permission, request and answer as field tables), then the shared schemas they link to.
// Everything is inline (no script, no font, no CDN), so it reads offline and prints.

interface Operation {
  operationId: string;
  summary: string;
  description: string;
  requestBody: { content: Record<string, { schema: { discriminator: { mapping: Record<string, string> } } }> };
}
interface Doc {
  info: { title: string; version: string; description: string };
  paths: Record<string, { post: Operation }>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

export const actionAnchor = (name: string): string => `action-${name}`;
export const endpointAnchor = (operationId: string): string => `endpoint-${operationId}`;

const nameOf = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** An action's request or answer schema: an alias of another component is shown as that one's fields. */
const shown = (schemas: Record<string, Json>, name: string): Json => {
  const s = schemas[name] ?? {};
  const target = refName(s);
  return target && schemas[target] && !refName(schemas[target]) ? schemas[target] : s;
};

const schemeHtml = (key: string, s: Json): string => {
  const how =
    s.type === 'http'
      ? `HTTP <code>Authorization: ${esc(String(s.scheme ?? '')).replace(/^bearer$/, 'Bearer')} …</code>`
      : `header <code>${esc(String(s.name ?? ''))}</code>`;
  const format = typeof s.bearerFormat === 'string' ? ` (token format <code>${esc(s.bearerFormat)}</code>)` : '';
  return `<section class="scheme" id="auth-${esc(key)}"><h3>${esc(key)}</h3><p class="meta">${how}${format}</p><p>${prose(String(s.description ?? ''))}</p></section>`;
};

const actionHtml = (schemas: Record<string, Json>, action: string, callRef: string): string => {
  const base = nameOf(callRef).replace(/Call$/, '');
  const call = schemas[`${base}Call`] ?? {};
  const permission = String(call['x-permission'] ?? '');
  return `<section class="action" id="${actionAnchor(action)}">
<h3><a class="self" href="#${actionAnchor(action)}">${esc(action)}</a> <span class="kind">${esc(String(call['x-kind'] ?? ''))}</span></h3>
<p>${prose(String(call['x-summary'] ?? call.description ?? ''))}</p>
<p class="meta"><strong>Permission:</strong> ${esc(permission)}</p>
<h4>Request <span class="hint">(fields beside <code>action: "${esc(action)}"</code>)</span></h4>
${schemaHtml(shown(schemas, `${base}Request`))}
<h4>Answer <span class="hint">(<code>data</code> when <code>code</code> is 0)</span></h4>
${schemaHtml(shown(schemas, `${base}Response`))}
</section>`;
};

/** The whole page. */
export const renderReference = (document: Json): string => {
  const doc = document as unknown as Doc;
  const schemas = doc.components.schemas;
  const endpoints = Object.entries(doc.paths).map(([path, { post }]) => ({
    path,
    op: post,
    actions: Object.entries(post.requestBody.content['application/json']!.schema.discriminator.mapping).sort(([a], [b]) => (a < b ? -1 : 1)),
  }));
  const roots = endpoints.flatMap((e) =>
    e.actions.flatMap(([, ref]) => [nameOf(ref).replace(/Call$/, '')].flatMap((b) => [shown(schemas, `${b}Request`), shown(schemas, `${b}Response`)])),
  );
  const shared = [...referenced(roots, schemas)].sort();

  const toc = endpoints
    .map(
      (e) =>
        `<li><a href="#${endpointAnchor(e.op.operationId)}"><code>POST ${esc(e.path)}</code></a> <span class="count">${e.actions.length} actions</span><ol class="actions">${e.actions
          .map(([a]) => `<li><a href="#${actionAnchor(a)}">${esc(a)}</a></li>`)
          .join('')}</ol></li>`,
    )
    .join('');
  const body = endpoints
    .map(
      (e) => `<section class="endpoint" id="${endpointAnchor(e.op.operationId)}">
<h2><code>POST ${esc(e.path)}</code></h2>
<p>${prose(e.op.description.replace(/^One of: [^.]*\. /, ''))}</p>
${e.actions.map(([a, ref]) => actionHtml(schemas, a, ref)).join('\n')}
</section>`,
    )
    .join('\n');
  const components = shared
    .map((name) => `<section class="component" id="${schemaAnchor(name)}"><h3>${esc(name)}</h3>${schemaHtml(schemas[name] ?? {})}</section>`)
    .join('\n');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${esc(doc.info.title)} ${esc(doc.info.version)} — reference</title>
<style>${REFERENCE_CSS}</style>
</head>
<body>
<header><h1>${esc(doc.info.title)} <span class="version">${esc(doc.info.version)}</span></h1>
<p>${prose(doc.info.description)}</p>
<p class="meta">Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p></header>
<nav aria-label="Contents"><h2>Contents</h2><ol><li><a href="#authentication">Authentication</a></li>${toc}<li><a href="#schemas">Shared schemas</a> <span class="count">${shared.length}</span></li></ol></nav>
<main>
<section id="authentication"><h2>Authentication</h2>
<p>Either an API token, or the console's signed session; every request may name the language of <code>msg</code> in the <code>locale</code> header (<code>zh_CN</code> or <code>en_GB</code>).</p>
${Object.entries(doc.components.securitySchemes)
  .map(([k, s]) => schemeHtml(k, s))
  .join('\n')}
</section>
${body}
<section id="schemas"><h2>Shared schemas</h2>
${components}
</section>
</main>
</body>
</html>
`;
};
