import type { z } from 'zod';

// Form fields are strings. The request schema says what each field holds, so decode guided
// by it: numbers and booleans from their text, objects and arrays from compact JSON
// (SIGNING.md). A value that does not decode stays a string and fails validation clearly.

type Def = { type: string; innerType?: Schema; in?: Schema; options?: Schema[]; values?: unknown[]; shape?: Record<string, Schema> };
type Schema = { _zod: { def: Def } };

const NUMERIC = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

const kinds = (s: Schema, out = new Set<string>()): Set<string> => {
  const d = s._zod.def;
  switch (d.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return kinds(d.innerType!, out);
    case 'pipe':
      return kinds(d.in!, out);
    case 'union':
      for (const o of d.options ?? []) kinds(o, out);
      return out;
    case 'literal':
      for (const v of d.values ?? []) out.add(typeof v);
      return out;
    case 'int':
    case 'bigint':
      out.add('number');
      return out;
    case 'object':
    case 'array':
    case 'record':
    case 'tuple':
    case 'intersection':
      out.add('json');
      return out;
    default:
      out.add(d.type);
      return out;
  }
};

// Field kinds per schema, worked out once: decoding sits on every request's path.
const kindCache = new WeakMap<Schema, Set<string>>();
const kindsOf = (s: Schema): Set<string> => {
  let k = kindCache.get(s);
  if (!k) kindCache.set(s, (k = kinds(s)));
  return k;
};

const decodeValue = (s: Schema, raw: string): unknown => {
  const k = kindsOf(s);
  if (k.has('json') && (raw.startsWith('{') || raw.startsWith('['))) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  if (k.has('number') && NUMERIC.test(raw)) return Number(raw);
  if (k.has('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  if (k.has('null') && raw === 'null') return null;
  return raw;
};

const shapeOf = (s: Schema): Record<string, Schema> | null => {
  const d = s._zod.def;
  if (d.type === 'object') return d.shape ?? null;
  if (d.type === 'pipe') return shapeOf(d.in!);
  return null;
};

/** Payload fields (already split from the signature envelope) → input for the request schema. */
export const decodePayload = (schema: z.ZodType, fields: Record<string, string>): Record<string, unknown> => {
  const shape = shapeOf(schema as unknown as Schema) ?? {};
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(fields)) {
    const fs = shape[name];
    out[name] = fs ? decodeValue(fs, raw) : raw;
  }
  return out;
};
