/**
 * Deletes a Map's oldest entries (insertion order) until `keep` are left, with one iterator. A fresh
 * keys() per deleted entry would walk over every entry deleted before it (a Map keeps them until it
 * rehashes): tens of thousands of steps per call once a bounded map is full.
 */
export function trimOldest<K>(map: Map<K, unknown> | Set<K>, keep: number): void {
  if (map.size <= keep) return;
  const oldest = map.keys();
  while (map.size > keep) map.delete(oldest.next().value as K);
}

/** Where a full cache trims to: a tenth below its bound, so one walk serves many inserts. */
export const trimTarget = (bound: number): number => Math.floor(bound * 0.9);
