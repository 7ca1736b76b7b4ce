import { serializerCompiler } from 'fastify-type-provider-zod';

/** JSON values as they travel: a field a handler set to undefined is not sent at all. */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: Json | undefined): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where `sent` has a field that `declared` (the same answer through its schema) does not. */
function undeclaredFields(sent: Json, declared: Json | undefined, at: string, found: Set<string>): void {
  if (Array.isArray(sent)) {
    if (Array.isArray(declared)) sent.forEach((item, i) => undeclaredFields(item, declared[i], `${at}[]`, found));
    return;
  }
  if (!isObject(sent) || !isObject(declared)) return;
  for (const [key, value] of Object.entries(sent)) {
    const path = at ? `${at}.${key}` : key;
    if (!(key in declared)) found.add(path);
    else undeclaredFields(value, declared[key], path, found);
  }
}

export class UndeclaredResponseFields extends Error {
  override readonly name = 'UndeclaredResponseFields';
}

/**
 * The response check outside production: each answer goes through its route's schema, as
 * fastify-type-provider-zod does, and a field the schema does not declare is an error (a 500, the field's
 * path in the log, never its value). Production skips the schema for speed and sends what the handler
 * returned as it is, so a field left in by mistake (a hash, a key, someone's email) would reach the browser
 * there while the schema quietly dropped it here.
 */
export const checkedSerializer: typeof serializerCompiler = (route) => {
  const encode = serializerCompiler(route);
  return (data) => {
    const json = encode(data);
    const found = new Set<string>();
    undeclaredFields(JSON.parse(JSON.stringify(data)) as Json, JSON.parse(json) as Json, '', found);
    if (found.size) {
      throw new UndeclaredResponseFields(
        `${route.method} ${route.url} answered fields its response schema does not declare: ${[...found].join(', ')}`,
      );
    }
    return json;
  };
};
