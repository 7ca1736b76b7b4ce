import type { HistoryEntity } from '@verba/contracts';
import type { Module } from './module';

/**
 * Where an entity's history is: a stream of its own (its events all about it), or a stream it shares with
 * others, of which only the events `about` says concern it (a lesson's events in its course's stream).
 */
export type HistorySource = string | { stream: string; about: (data: Record<string, unknown>) => boolean };

/**
 * The streams that hold one entity's history, declared by the modules that write them (an account's
 * history is identity's stream and billing's customer stream). The admin History tab reads them.
 */
export type HistoryStreams = Partial<Record<HistoryEntity, (id: string) => readonly HistorySource[]>>;

/** Every module's declarations in one map; an entity declared by several modules reads all their streams. */
export function historyOf(modules: readonly Module[]): HistoryStreams {
  const merged: HistoryStreams = {};
  for (const m of modules) {
    for (const [entity, streams] of Object.entries(m.history ?? {}) as [HistoryEntity, (id: string) => readonly HistorySource[]][]) {
      const before = merged[entity];
      merged[entity] = before ? (id) => [...before(id), ...streams(id)] : streams;
    }
  }
  return merged;
}
