import * as http from '@verba/contracts/http';
import type { RouteDef } from '@verba/contracts/http';

/**
 * Each contract route's OpenAPI operationId: the name it is exported under from `@verba/contracts/http`
 * (unique because exports are, stable because a rename is a change callers see), so a client generated from
 * the document names its methods as this code does (`getArticle`, `patchWord`).
 */
const NAMES = new Map<unknown, string>(Object.entries(http).map(([name, value]) => [value, name]));

export const operationIdOf = (def: RouteDef): string | undefined => NAMES.get(def);
