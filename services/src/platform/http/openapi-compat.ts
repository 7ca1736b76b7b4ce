/**
 * What a client written against an older OpenAPI document of this major version would trip over in the
 * served one (issue 46, item 4): an operation removed, a field removed from an answer (or no longer always
 * there), a request field or parameter newly required, or a type narrowed (a request accepting fewer types,
 * values or lengths; an answer that may now hold a type it did not). Additions are not breaks. A document
 * whose `info.version` has a higher major may break anything: that is what the major says.
 */

type Schema = { [key: string]: unknown };
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
export interface OpenApiDocument {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

type Direction = 'request' | 'response';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
/** Deeper than any schema of the API: a guard against a cycle through references. */
const MAX_DEPTH = 64;

export const majorOf = (version: string): number => Number(version.split('.')[0]);

/** The breaks, one line each (`METHOD /path where: what`); empty when a client of `kept` still works. */
export function breakingChanges(kept: OpenApiDocument, served: OpenApiDocument): string[] {
  if (majorOf(served.info.version) > majorOf(kept.info.version)) return [];
  const out: string[] = [];
  const check = new SchemaCheck(kept, served, out);
  for (const [path, item] of Object.entries(kept.paths)) {
    for (const method of METHODS) {
      const before = item[method];
      if (!before) continue;
      const at = `${method.toUpperCase()} ${path}`;
      const after = served.paths[path]?.[method];
      if (!after) {
        out.push(`${at}: operation removed`);
        continue;
      }
      check.parameters(at, before.parameters ?? [], after.parameters ?? []);
      check.body(at, before, after);
      check.responses(at, before, after);
    }
  }
  return out;
}

class SchemaCheck {
  constructor(
    private readonly kept: OpenApiDocument,
    private readonly served: OpenApiDocument,
    private readonly out: string[],
  ) {}

  parameters(at: string, before: Parameter[], after: Parameter[]): void {
    const old = new Map(before.map((p) => [`${p.in} ${p.name}`, p]));
    for (const p of after) {
      const was = old.get(`${p.in} ${p.name}`);
      if (p.required && !was?.required) this.out.push(`${at} ${p.in} parameter ${p.name}: newly required`);
      if (was) this.compare(was.schema, p.schema, 'request', `${at} ${p.in} parameter ${p.name}`, 0);
    }
  }

  body(at: string, before: Operation, after: Operation): void {
    if (after.requestBody?.required && !before.requestBody) this.out.push(`${at} body: newly required`);
    for (const [type, content] of Object.entries(before.requestBody?.content ?? {})) {
      const now = after.requestBody?.content?.[type];
      if (!now) this.out.push(`${at} body: ${type} no longer accepted`);
      else this.compare(content.schema, now.schema, 'request', `${at} body`, 0);
    }
  }

  /** Successful answers: the ones a client reads fields from. */
  responses(at: string, before: Operation, after: Operation): void {
    for (const [status, response] of Object.entries(before.responses ?? {})) {
      if (!/^2/.test(status)) continue;
      const now = after.responses?.[status];
      if (!now) {
        this.out.push(`${at} ${status}: answer removed`);
        continue;
      }
      for (const [type, content] of Object.entries(response.content ?? {})) {
        const same = now.content?.[type];
        if (!same) this.out.push(`${at} ${status}: ${type} no longer answered`);
        else this.compare(content.schema, same.schema, 'response', `${at} ${status}`, 0);
      }
    }
  }

  compare(a: Schema | undefined, b: Schema | undefined, dir: Direction, at: string, depth: number): void {
    const was = flatten(a, this.kept, depth);
    const now = flatten(b, this.served, depth);
    if (!was || !now || depth > MAX_DEPTH) return;
    const unionA = (was.anyOf ?? was.oneOf) as Schema[] | undefined;
    const unionB = (now.anyOf ?? now.oneOf) as Schema[] | undefined;
    if (unionA || unionB) {
      const as = unionA ?? [was];
      const bs = unionB ?? [now];
      if (dir === 'request' && bs.length < as.length) this.out.push(`${at}: accepts ${as.length - bs.length} form(s) fewer`);
      if (dir === 'response' && bs.length > as.length) this.out.push(`${at}: may answer ${bs.length - as.length} form(s) more`);
      if (as.length === bs.length) as.forEach((x, i) => this.compare(x, bs[i], dir, at, depth + 1));
      return;
    }
    this.types(was, now, dir, at);
    if (dir === 'request') this.bounds(was, now, at);
    const pa = (was.properties ?? {}) as Record<string, Schema>;
    const pb = (now.properties ?? {}) as Record<string, Schema>;
    const ra = new Set((was.required ?? []) as string[]);
    const rb = new Set((now.required ?? []) as string[]);
    if (dir === 'request') {
      for (const name of rb) if (!ra.has(name)) this.out.push(`${at}.${name}: newly required`);
    } else {
      for (const name of Object.keys(pa)) {
        if (!(name in pb)) this.out.push(`${at}.${name}: removed`);
        else if (ra.has(name) && !rb.has(name)) this.out.push(`${at}.${name}: no longer always present`);
      }
    }
    for (const name of Object.keys(pa)) if (name in pb) this.compare(pa[name], pb[name], dir, `${at}.${name}`, depth + 1);
    if (isSchema(was.items) && isSchema(now.items)) this.compare(was.items, now.items, dir, `${at}[]`, depth + 1);
    if (isSchema(was.additionalProperties) && isSchema(now.additionalProperties))
      this.compare(was.additionalProperties, now.additionalProperties, dir, `${at}{}`, depth + 1);
  }

  /** Types and values: a request may accept more, never less; an answer may hold less, never more. */
  private types(was: Schema, now: Schema, dir: Direction, at: string): void {
    const [ta, tb] = [typesOf(was), typesOf(now)];
    if (ta && tb) {
      const [from, to] = dir === 'request' ? [ta, tb] : [tb, ta];
      const lost = [...from].filter((t) => !to.has(t) && !(t === 'integer' && to.has('number')));
      if (lost.length)
        this.out.push(dir === 'request' ? `${at}: no longer accepts ${lost.join(', ')}` : `${at}: may now be ${lost.join(', ')}`);
    }
    if (dir === 'request' && Array.isArray(now.enum)) {
      const fewer = Array.isArray(was.enum) ? was.enum.filter((v) => !(now.enum as unknown[]).includes(v)) : ['any other value'];
      if (fewer.length) this.out.push(`${at}: no longer accepts ${fewer.map((v) => JSON.stringify(v)).join(', ')}`);
    }
  }

  /** A request's lengths, ranges and pattern may widen, never narrow. */
  private bounds(was: Schema, now: Schema, at: string): void {
    for (const key of ['minLength', 'minimum', 'minItems', 'exclusiveMinimum']) {
      const [x, y] = [was[key], now[key]];
      if (typeof y === 'number' && (typeof x !== 'number' || y > x)) this.out.push(`${at}: ${key} raised to ${y}`);
    }
    for (const key of ['maxLength', 'maximum', 'maxItems', 'exclusiveMaximum']) {
      const [x, y] = [was[key], now[key]];
      if (typeof y === 'number' && (typeof x !== 'number' || y < x)) this.out.push(`${at}: ${key} lowered to ${y}`);
    }
    if (typeof now.pattern === 'string' && now.pattern !== was.pattern) this.out.push(`${at}: pattern now ${now.pattern}`);
  }
}

const isSchema = (s: unknown): s is Schema => typeof s === 'object' && s !== null && !Array.isArray(s);

/** A schema with its reference followed and its allOf parts merged (properties and required joined). */
function flatten(s: Schema | undefined, doc: OpenApiDocument, depth: number): Schema | undefined {
  if (!s || depth > MAX_DEPTH) return s;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.replace('#/components/schemas/', '');
    return flatten(doc.components?.schemas?.[name], doc, depth + 1);
  }
  if (!Array.isArray(s.allOf)) return s;
  const { allOf, ...rest } = s;
  const parts = (allOf as Schema[]).map((p) => flatten(p, doc, depth + 1) ?? {});
  return parts.reduce<Schema>(
    (merged, p) => ({
      ...p,
      ...merged,
      properties: { ...(p.properties as object), ...(merged.properties as object) },
      required: [...new Set([...((merged.required ?? []) as string[]), ...((p.required ?? []) as string[])])],
    }),
    rest,
  );
}

/** The JSON types a schema allows; undefined when it says none (any). `nullable` adds null. */
function typesOf(s: Schema): Set<string> | undefined {
  const declared = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : undefined;
  if (!declared) return undefined;
  return new Set([...declared, ...(s.nullable === true ? ['null'] : [])]);
}
