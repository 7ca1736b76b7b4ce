/** What a context needs to declare a projection (declaration.ts): one import for all of it. */
export {
  increment,
  insert,
  remove,
  removeFromList,
  update,
  upsert,
  when,
  type ProjectionDeclaration,
  type Row,
  type RowChange,
} from './declaration';
export { defineProjection, type DeclaredProjection } from './declared-projection';
export { adminPagesCache, RowListCache } from './declared-caches';
export { gapsOf, sumsOf, type EventEnvelope, type Lookup, type TableDeclaration } from './declaration';
export { averageOf, countOf } from './declaration';
