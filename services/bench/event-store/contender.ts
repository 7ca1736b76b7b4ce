/** The one interface the workload drives, implemented for our store and for the peer. */
export type Payload = Record<string, unknown>;

export const EVENT_TYPE = 'BenchEvent';

export interface ReadAllResult {
  events: number;
  waits: number;
}

export const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface Contender {
  readonly label: string;
  /**
   * Appends one event per payload to `stream`, which holds `length` events (0: it does not exist yet),
   * with the store's exact expected-version check for that length.
   */
  append(stream: string, payloads: Payload[], length: number): Promise<void>;
  /**
   * Reads the global log in order from the start, `pageSize` events per query, until it has read
   * `expected` events (or `giveUpMs` passed). Both stores only show events below the oldest transaction
   * still running anywhere in the cluster, so a page can come back short while some other transaction
   * is open; the reader then asks again, as a subscription would. `waits` counts those empty pages.
   */
  readAll(pageSize: number, expected: number, giveUpMs?: number): Promise<ReadAllResult>;
  close(): Promise<void>;
}

const NOTE = 'lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiu'.slice(0, 66);

/** ~100 bytes of JSON for 1-digit writers and 5-digit sequence numbers; the same for both stores. */
export function payload(writer: number, seq: number): Payload {
  return { writer, seq, note: NOTE };
}
