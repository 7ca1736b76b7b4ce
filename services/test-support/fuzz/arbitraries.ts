/**
 * fast-check arbitraries from a route's zod schemas, through their JSON Schema (zod 4's toJSONSchema):
 * values that fit the schema, values at and past its bounds, the wrong type, and hostile text (NUL, lone
 * surrogates, markup, huge strings, prototype keys). Refinements and transforms are not in the JSON
 * Schema, so some "valid" values are refused by the server: that is fine, it must refuse them cleanly.
 */
import fc, { type Arbitrary } from 'fast-check';
import { z } from 'zod';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
}

export const toJsonSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Text that has broken servers before: control and format characters, scripts, markup, injection. */
export const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFF',
  '\uFEFF',
  '\u200B\u200D',
  'İıßẞ',
  '😀👩‍👩‍👧',
  'مرحبا',
  'e\u0301\u0301\u0301',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' or 1=1 --",
  '${{7*7}}',
  '../../etc/passwd',
  '%00',
  '\r\n\r\nX-Injected: 1',
  '__proto__',
  'constructor',
] as const;

const HUGE = fc.constantFrom('x'.repeat(100_001), 'я'.repeat(20_000), '😀'.repeat(10_000));
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** Values that fit the schema (as far as JSON Schema can say). */
export function validOf(s: JsonSchema, depth = 0): Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => validOf(a, depth + 1)));
  if (s.allOf?.length) return validOf(Object.assign({}, ...s.allOf) as JsonSchema, depth + 1);
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((type) => validOf({ ...s, type }, depth + 1)));
  switch (types[0]) {
    case 'string':
      return stringOf(s);
    case 'integer':
      return fc.integer({ min: bound(s.minimum, s.exclusiveMinimum, 1, -1e6), max: bound(s.maximum, s.exclusiveMaximum, -1, 1e6) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = s.items ?? {};
      return fc.array(validOf(item, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 4, Math.max(s.minItems ?? 0, 4)),
      });
    }
    case 'object':
      return objectOf(s, (p) => validOf(p, depth + 1));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const bound = (inclusive: number | undefined, exclusive: number | undefined, step: number, fallback: number) =>
  inclusive ?? (exclusive !== undefined ? exclusive + step : fallback);

function stringOf(s: JsonSchema): Arbitrary<string> {
  switch (s.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return fc.webUrl();
  }
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? Infinity));
    } catch {
      // a pattern fast-check cannot read: fall through to plain text
    }
  }
  const minLength = s.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(s.maxLength ?? 40, 40)), unit: 'grapheme' });
}

function objectOf(s: JsonSchema, field: (p: JsonSchema) => Arbitrary<unknown>): Arbitrary<Record<string, unknown>> {
  const properties = s.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([k, p]) => [k, field(p)]));
  return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in properties) }) as Arbitrary<Record<string, unknown>>;
}

/** Values at or past the schema's edges, of the wrong type, or hostile; objects keep most fields valid. */
export function edgeOf(s: JsonSchema, depth = 0): Arbitrary<unknown> {
  const wrongType = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.constant(1e308),
    fc.constant(-0),
    fc.constant([]),
    fc.constant({}),
    fc.constantFrom(...HOSTILE_TEXT),
    HUGE,
  );
  if (depth > 4) return wrongType;
  const types = typesOf(s);
  const own: Arbitrary<unknown>[] = [wrongType];
  if (types.includes('string')) {
    const max = s.maxLength;
    const min = s.minLength;
    own.push(fc.constantFrom(...HOSTILE_TEXT));
    if (max !== undefined) own.push(fc.constant('a'.repeat(max)), fc.constant('a'.repeat(max + 1)));
    if (min !== undefined && min > 0) own.push(fc.constant('a'.repeat(min - 1)));
  }
  if (types.includes('integer') || types.includes('number')) {
    for (const edge of [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum]) {
      if (edge !== undefined) own.push(fc.constantFrom(edge - 1, edge, edge + 1, edge + 0.5));
    }
    own.push(fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 0));
  }
  if (types.includes('array')) {
    own.push(fc.array(edgeOf(s.items ?? {}, depth + 1), { maxLength: 3 }));
    if (s.maxItems !== undefined) own.push(fc.constant(Array.from({ length: s.maxItems + 1 }, () => 'x')));
  }
  if (types.includes('object') || s.properties) own.push(objectEdge(s, depth));
  for (const alternative of s.anyOf ?? s.oneOf ?? []) own.push(edgeOf(alternative, depth + 1));
  return fc.oneof(...own);
}

/** A valid object with one field broken, a required field missing, or a prototype key added. */
function objectEdge(s: JsonSchema, depth: number): Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(s.properties ?? {});
  const base = objectOf(s, (p) => validOf(p, depth + 1));
  if (keys.length === 0) return base.chain((o) => protoKey.map((k) => withOwnKey(o, k, { polluted: true })));
  return fc.tuple(base, fc.constantFrom(...keys), fc.nat({ max: 2 })).chain(([o, key, how]) => {
    if (how === 0) return edgeOf(s.properties![key]!, depth + 1).map((v) => ({ ...o, [key]: v }));
    if (how === 1) {
      const rest = { ...o };
      delete rest[key];
      return fc.constant(rest);
    }
    return protoKey.map((k) => withOwnKey(o, k, { polluted: true }));
  });
}

const protoKey = fc.constantFrom(...PROTO_KEYS);

/** An own property even for `__proto__` (as JSON.parse makes it), so it survives JSON.stringify. */
function withOwnKey(o: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...o };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

/** The three kinds mixed: mostly valid and edge values, some arbitrary JSON. */
export function anyOf(s: JsonSchema): Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: validOf(s) },
    { weight: 4, arbitrary: edgeOf(s) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}
