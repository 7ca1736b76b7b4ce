/**
 * The worker's IndexedDB (issue 38.9): the queued writes in the order they came (auto-increment keys) and
 * the refusals not yet dismissed, each with the learner it belongs to. The browser stops an idle worker:
 * what waits must outlive it, and a reload, so it is not kept in memory alone.
 */
import type { QueuedWrite, Refusal } from './queue-rules';

const DB = 'verba-offline';
const WRITES = 'writes';
const REFUSALS = 'refusals';

let opened: Promise<IDBDatabase> | undefined;
function db(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(WRITES, { keyPath: 'id', autoIncrement: true });
      request.result.createObjectStore(REFUSALS, { keyPath: 'id', autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  }).catch((error: unknown) => {
    opened = undefined;
    throw error;
  });
  return opened;
}

function run<T>(store: string, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return db().then(
    (database) =>
      new Promise<T>((resolve, reject) => {
        const tx = database.transaction(store, mode);
        const request = work(tx.objectStore(store));
        tx.oncomplete = () => resolve(request.result);
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
      }),
  );
}

/** A store of records with an auto-increment `id`, read in key order. */
const store = <T extends { id?: number; uid: string }>(name: string) => ({
  add: (record: T) => run(name, 'readwrite', (s) => s.add(record)).then((id) => Number(id)),
  all: () => run(name, 'readonly', (s) => s.getAll() as IDBRequest<T[]>),
  remove: (id: number) => run(name, 'readwrite', (s) => s.delete(id)).then(() => undefined),
  /** Everything of learners other than `uid` (null: of everyone): sign-out and a new learner leave nothing behind. */
  async dropOthers(uid: string | null): Promise<void> {
    for (const record of await this.all()) if (record.uid !== uid && record.id !== undefined) await this.remove(record.id);
  },
});

export const queuedWrites = store<QueuedWrite>(WRITES);
export const refusals = store<Refusal>(REFUSALS);
