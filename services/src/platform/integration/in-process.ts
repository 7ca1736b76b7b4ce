import type { IntegrationMessage, IntegrationPublisher } from './publisher';

export interface DeliveredMessage extends IntegrationMessage {
  topic: string;
  /** Per-topic sequence number, like a Kafka offset (counts from 0 in this process). */
  offset: number;
}

export type InProcessHandler = (message: DeliveredMessage) => void | Promise<void>;

export interface InProcessPublisher extends IntegrationPublisher {
  /** Registers a consumer for a topic; returns the function that removes it. */
  subscribe(topic: string, handler: InProcessHandler): () => void;
  /** The last `keep` messages of a topic, oldest first, for inspection (admin pages, tests). */
  messages(topic: string): readonly DeliveredMessage[];
}

interface Logger {
  error(obj: object, msg?: string): void;
}

export interface InProcessOptions {
  /** Messages kept per topic for inspection; default 1000. */
  keep?: number;
  /** Where a failing subscriber is reported. */
  log?: Logger;
}

/**
 * The embedded default: an in-memory bus. "Acknowledged" means handed to every subscriber of this process;
 * nothing survives a restart, and nothing outside the process sees the messages. Subscribers are awaited
 * one message at a time so they see a topic in order; a subscriber that throws is logged and does not fail
 * the publish, as a broken Kafka consumer would not fail the producer either.
 */
export function createInProcessPublisher(options: InProcessOptions = {}): InProcessPublisher {
  const keep = options.keep ?? 1000;
  const kept = new Map<string, DeliveredMessage[]>();
  const offsets = new Map<string, number>();
  const handlers = new Map<string, Set<InProcessHandler>>();
  let closed = false;

  return {
    name: 'in-process',

    async publish(topic, messages) {
      if (closed) throw new Error('in-process publisher is closed');
      for (const m of messages) {
        const offset = offsets.get(topic) ?? 0;
        offsets.set(topic, offset + 1);
        const delivered: DeliveredMessage = { ...m, ...(m.headers ? { headers: { ...m.headers } } : {}), topic, offset };
        const list = kept.get(topic) ?? [];
        list.push(delivered);
        // Trimmed by `keep` at a time, not one message per publish: a shift of the whole list per message
        // was a few percent of the HTTP thread under the mark load. Reads take the last `keep`.
        if (list.length >= 2 * keep) list.splice(0, list.length - keep);
        kept.set(topic, list);
        for (const handler of [...(handlers.get(topic) ?? [])]) {
          try {
            await handler(delivered);
          } catch (err) {
            options.log?.error({ err, topic, offset }, 'in-process integration subscriber failed');
          }
        }
      }
    },

    subscribe(topic, handler) {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler);
      handlers.set(topic, set);
      return () => void set.delete(handler);
    },

    messages(topic) {
      return (kept.get(topic) ?? []).slice(-keep);
    },

    async close() {
      closed = true;
      handlers.clear();
    },
  };
}
