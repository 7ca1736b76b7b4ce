import { isDeepStrictEqual } from 'node:util';
import type { Row, TableDeclaration } from './declaration';

/**
 * JSON columns changed in place by an update (declaration.ts), the same way by the statements (SQL built
 * here), the bulk fold and the one-by-one reference (the functions here):
 * - `merge`: an object takes the value's keys, the two merging likewise where both hold an object; an array
 *   takes the value's elements it lacks, in their order; anything else is replaced by the value.
 * - `add` to a jsonb column: the value's numbers are added to the object's at the same keys (a key it lacks
 *   holds 0). Integers: the server adds exact numerics, JavaScript floats.
 */

type Json = unknown;
type JsonObject = Record<string, Json>;

const isObject = (v: Json): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);
/** A key's value, own keys only (a key named `__proto__` is data here, as in JSON). */
const at = (o: JsonObject, k: string): Json => (Object.hasOwn(o, k) ? o[k] : undefined);
const put = (o: JsonObject, k: string, v: Json) =>
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });

/** A value as the server stores it: what JSON.stringify writes (undefined keys dropped, dates as text). */
export const asStored = (v: Json): Json => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

/** `into` after merging `value` into it (both as stored). */
export function mergeJson(into: Json, value: Json): Json {
  if (isObject(value) && isObject(into)) {
    const out = Object.fromEntries(Object.entries(into));
    for (const [k, v] of Object.entries(value)) put(out, k, mergeJson(at(into, k), v));
    return out;
  }
  if (Array.isArray(value) && Array.isArray(into)) {
    const out = [...into];
    for (const v of value) if (!out.some((o) => isDeepStrictEqual(o, v))) out.push(v);
    return out;
  }
  return value;
}

/** `into` (an object, or nothing) with `value`'s numbers added at their keys. */
export function addJson(into: Json, value: Json): Json {
  const out: JsonObject = isObject(into) ? Object.fromEntries(Object.entries(into)) : {};
  for (const [k, v] of Object.entries(value as JsonObject)) put(out, k, Number(at(out, k) ?? 0) + Number(v));
  return out;
}

/** What cannot be one merge: a value that replaces one kind of value by an object or array merged into. */
export const NOT_ONE = Symbol('not one merge');

/**
 * One merge doing what merging `first` then `second` does, whatever it is merged into (merges collapse in a
 * batch), or NOT_ONE where there is none: where `first` holds a value other than an object (an array)
 * and `second` an object (an array) there, the two replace what the one would merge into.
 */
export function composeMerges(first: Json, second: Json): Json | typeof NOT_ONE {
  if (isObject(second)) {
    if (!isObject(first)) return NOT_ONE;
    const out = Object.fromEntries(Object.entries(first));
    for (const [k, v] of Object.entries(second)) {
      const both = Object.hasOwn(first, k) ? composeMerges(first[k], v) : v;
      if (both === NOT_ONE) return NOT_ONE;
      put(out, k, both);
    }
    return out;
  }
  if (Array.isArray(second)) return Array.isArray(first) ? mergeJson(first, second) : NOT_ONE;
  return second;
}

/** Two additions as one. */
export const composeAdds = (first: Json, second: Json): Json => addJson(first, second);

/** How deep a merge reaches: an object one level more than its deepest value, an array one, else none. */
export function mergeDepth(value: Json): number {
  if (Array.isArray(value)) return 1;
  if (!isObject(value)) return 0;
  let deepest = 0;
  for (const v of Object.values(value)) deepest = Math.max(deepest, mergeDepth(v));
  return 1 + deepest;
}

/**
 * SQL of `value` merged into `into` (jsonb expressions; `value` not null), reaching `depth` levels (the
 * deepest of the merged values: deeper, a value only replaces).
 */
export function mergeSql(into: string, value: string, depth: number): string {
  if (depth <= 0) return value;
  const [e, x, y, z] = ['e', 'x', 'y', 'z'].map((alias) => `${alias}${depth}`);
  const objects = `${into} || coalesce((select jsonb_object_agg(${e}.key, ${mergeSql(`(${into} -> ${e}.key)`, `${e}.value`, depth - 1)})
      from jsonb_each(${value}) as ${e}), '{}'::jsonb)`;
  // The value's elements that neither the array nor an earlier element of the value holds.
  const arrays = `${into} || coalesce((select jsonb_agg(${x}.v order by ${x}.i) from jsonb_array_elements(${value}) with ordinality as ${x}(v, i)
      where not exists (select from jsonb_array_elements(${into}) as ${y}(v) where ${y}.v = ${x}.v)
      and not exists (select from jsonb_array_elements(${value}) with ordinality as ${z}(v, i) where ${z}.i < ${x}.i and ${z}.v = ${x}.v)), '[]'::jsonb)`;
  return `case when jsonb_typeof(${value}) = 'object' and jsonb_typeof(${into}) = 'object' then ${objects}
    when jsonb_typeof(${value}) = 'array' and jsonb_typeof(${into}) = 'array' then ${arrays}
    else ${value} end`;
}

/** SQL of `value`'s numbers added to the object `into` (jsonb expressions; `value` not null). */
export function addSql(into: string, value: string): string {
  return `coalesce(${into}, '{}'::jsonb) || coalesce((select jsonb_object_agg(a.key, to_jsonb(coalesce((${into} ->> a.key)::numeric, 0) + (a.value #>> '{}')::numeric))
      from jsonb_each(${value}) as a), '{}'::jsonb)`;
}

/** Whether an error is the server refusing a row that breaks a unique index (SQLSTATE 23505). */
export const breaksUnique = (error: unknown): boolean => (error as { code?: string } | null)?.code === '23505';

/** Whether a declared column holds jsonb. */
export const isJsonColumn = (table: TableDeclaration, column: string): boolean => table.columns[column]?.startsWith('jsonb') ?? false;

/** Fails on an update's `merge` or jsonb `add` a statement could not run: a column not jsonb, set as well, or a null value. */
export function checkJsonChange(name: string, table: TableDeclaration, change: { set: Row; add?: Row; merge?: Row }): void {
  for (const [column, value] of Object.entries(change.merge ?? {})) {
    if (!isJsonColumn(table, column)) throw new Error(`Table ${name}: ${column} is merged into but is not jsonb`);
    if (value === null || value === undefined) throw new Error(`Table ${name}: a merge into ${column} is null`);
    if (column in change.set || (change.add && column in change.add)) throw new Error(`Table ${name}: ${column} is merged into and set`);
  }
  for (const [column, value] of Object.entries(change.add ?? {})) {
    if (isJsonColumn(table, column) && !isObject(value)) throw new Error(`Table ${name}: an addition to ${column} is not an object`);
  }
}

/**
 * The columns an update adds to or merges into, as `row`'s after it: numbers summed, jsonb as above (the
 * bulk fold's update; the value merged as stored).
 */
export function addedAndMerged(table: TableDeclaration, row: Row, change: { add?: Row; merge?: Row }): Row {
  const out: Record<string, unknown> = {};
  for (const [c, v] of Object.entries(change.add ?? {})) {
    out[c] = isJsonColumn(table, c) ? addJson(asStored(row[c]), asStored(v)) : Number(row[c]) + Number(v);
  }
  for (const [c, v] of Object.entries(change.merge ?? {})) out[c] = mergeJson(asStored(row[c]), asStored(v));
  return out;
}
