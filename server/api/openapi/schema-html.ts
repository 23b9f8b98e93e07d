// JSON Schemas of the OpenAPI document as readable HTML for the rendered reference (reference.ts):
// an object is a table of its fields (name, type, required, constraints, description) with the
// fields of a nested object or of an array of objects in a table inside its row; a shared
// component is a link to its own section, never expanded in place.

export type Json = Record<string, unknown>;

const REF = '#/components/schemas/';
const MAX_DEPTH = 6;

/** Text as HTML (the page puts only its own identifiers in attributes). */
export const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The little markup the document's texts use: `code` spans. */
export const prose = (s: string): string => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');

export const schemaAnchor = (name: string): string => `schema-${name}`;

/** The component a `$ref` names, or null. */
export const refName = (s: Json): string | null => (typeof s.$ref === 'string' && s.$ref.startsWith(REF) ? s.$ref.slice(REF.length) : null);

const link = (name: string) => `<a class="ref" href="#${schemaAnchor(name)}">${esc(name)}</a>`;

/** A nullable schema (`anyOf: [X, {type: 'null'}]`) as X and the flag. */
const unwrapNull = (s: Json): { s: Json; nullable: boolean } => {
  const any = Array.isArray(s.anyOf) ? (s.anyOf as Json[]) : null;
  if (!any) return { s, nullable: false };
  const rest = any.filter((x) => x.type !== 'null');
  if (rest.length === any.length) return { s, nullable: false };
  return { s: rest.length === 1 ? { ...rest[0]!, ...(s.description ? { description: s.description } : {}) } : { ...s, anyOf: rest }, nullable: true };
};

/** A one-line type: `string`, `integer`, a link to a component, `array of …`, `A | B`. */
export const typeHtml = (schema: Json): string => {
  const { s, nullable } = unwrapNull(schema);
  const base = ((): string => {
    const name = refName(s);
    if (name) return link(name);
    const variants = (s.anyOf ?? s.oneOf) as Json[] | undefined;
    if (Array.isArray(variants)) return variants.map(typeHtml).join(' | ');
    if (Array.isArray(s.allOf)) return (s.allOf as Json[]).map(typeHtml).join(' &amp; ');
    if ('const' in s) return `<code>${esc(JSON.stringify(s.const))}</code>`;
    if (s.type === 'array') return `array of ${s.items ? typeHtml(s.items as Json) : 'any'}`;
    if (s.type === 'object' && !s.properties && s.additionalProperties && typeof s.additionalProperties === 'object')
      return `map of ${typeHtml(s.additionalProperties as Json)}`;
    if (Array.isArray(s.type)) return (s.type as string[]).map(esc).join(' | ');
    if (typeof s.type === 'string') return esc(s.type);
    return 'any';
  })();
  return nullable ? `${base} | null` : base;
};

const SAFE_LIMIT = 9_007_199_254_740_991;
const num = (v: unknown) => typeof v === 'number' && Math.abs(v) < SAFE_LIMIT;

/** pattern, enum, bounds, format, default: of the schema itself and of an array's items. */
export const constraintsHtml = (schema: Json): string => {
  const { s } = unwrapNull(schema);
  const out: string[] = [];
  const of = (x: Json, prefix: string) => {
    if (Array.isArray(x.enum)) out.push(`${prefix}one of ${(x.enum as unknown[]).map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(', ')}`);
    if (typeof x.pattern === 'string') out.push(`${prefix}pattern <code>${esc(x.pattern)}</code>`);
    if (typeof x.format === 'string') out.push(`${prefix}format ${esc(x.format)}`);
    if (num(x.minimum)) out.push(`${prefix}≥ ${String(x.minimum)}`);
    if (num(x.exclusiveMinimum)) out.push(`${prefix}&gt; ${String(x.exclusiveMinimum)}`);
    if (num(x.maximum)) out.push(`${prefix}≤ ${String(x.maximum)}`);
    if (num(x.exclusiveMaximum)) out.push(`${prefix}&lt; ${String(x.exclusiveMaximum)}`);
    if (typeof x.minLength === 'number') out.push(`${prefix}length ≥ ${x.minLength}`);
    if (typeof x.maxLength === 'number') out.push(`${prefix}length ≤ ${x.maxLength}`);
    if (typeof x.minItems === 'number') out.push(`${prefix}at least ${x.minItems} item${x.minItems === 1 ? '' : 's'}`);
    if (typeof x.maxItems === 'number') out.push(`${prefix}at most ${x.maxItems} item${x.maxItems === 1 ? '' : 's'}`);
    if ('default' in x) out.push(`${prefix}default <code>${esc(JSON.stringify(x.default))}</code>`);
  };
  of(s, '');
  if (s.type === 'array' && s.items && !refName(s.items as Json)) of(s.items as Json, 'each ');
  return out.join('<br>');
};

/** The object whose fields a row expands: the schema itself, or an array's items (not a component). */
const nestedObject = (schema: Json): Json | null => {
  const { s } = unwrapNull(schema);
  if (s.type === 'object' && s.properties) return s;
  if (s.type === 'array' && s.items) {
    const items = unwrapNull(s.items as Json).s;
    if (items.type === 'object' && items.properties) return items;
  }
  return null;
};

/** A table of an object's fields; any other schema as its type and constraints. */
export const schemaHtml = (schema: Json, depth = 0): string => {
  const obj = nestedObject(schema);
  if (!obj || depth > MAX_DEPTH) {
    const c = constraintsHtml(schema);
    const d = typeof schema.description === 'string' ? ` — ${prose(schema.description)}` : '';
    return `<p class="type">${typeHtml(schema)}${c ? ` <span class="constraints">(${c})</span>` : ''}${d}</p>`;
  }
  const props = Object.entries(obj.properties as Record<string, Json>);
  if (props.length === 0) return '<p class="type">an empty object <code>{}</code></p>';
  const required = new Set((obj.required as string[] | undefined) ?? []);
  // the description column only when a field has something to say there (most have no text)
  const wide = props.some(([, p]) => typeof p.description === 'string' || nestedObject(p) !== null);
  const rows = props.map(([name, p]) => {
    const inner = nestedObject(p);
    const description = typeof p.description === 'string' ? prose(p.description) : '';
    const last = wide ? `<td>${description}${inner ? `<div class="nested">${schemaHtml(inner, depth + 1)}</div>` : ''}</td>` : '';
    return `<tr><td class="name"><code>${esc(name)}</code></td><td>${typeHtml(p)}</td><td>${required.has(name) ? 'yes' : ''}</td><td>${constraintsHtml(p)}</td>${last}</tr>`;
  });
  const intro = schema !== obj && (schema as Json).type === 'array' ? '<p class="type">an array of objects:</p>' : '';
  const head = `<tr><th>name</th><th>type</th><th>required</th><th>constraints</th>${wide ? '<th>description</th>' : ''}</tr>`;
  return `${intro}<div class="scroll"><table class="fields"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table></div>`;
};

/** Every component reachable from `roots` through `$ref`s. */
export const referenced = (roots: Json[], components: Record<string, Json>): Set<string> => {
  const seen = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    const name = refName(v as Json);
    if (name && !seen.has(name)) {
      seen.add(name);
      walk(components[name]);
    }
    Object.values(v).forEach(walk);
  };
  roots.forEach(walk);
  return seen;
};
