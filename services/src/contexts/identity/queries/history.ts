import { DELETED_ACTOR, type HistoryEntity, type HistoryEntry } from '@verba/contracts';
import { comparePositions, formatPosition, parsePosition, type EventStore, type RecordedEvent } from '../../../platform/event-store/port';
import type { HistoryStreams } from '../../../platform/history';
import { isSealed } from '../../../platform/personal-data/keys';
import type { People } from '../../../platform/module';

const DETAIL_MAX = 120;
/** Fields that say nothing to a reader of the history (ids, the key a field is sealed with, and the time, shown as the entry's own time). */
const QUIET = /(^at$|Id$|^id$|^commandId$|^sealedFor$)/;

/** "library.ArticleDeclined" -> "Article declined". */
export function labelOf(type: string): string {
  const name = type.slice(type.lastIndexOf('.') + 1);
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function detailsOf(data: Record<string, unknown>): HistoryEntry['details'] {
  const details: HistoryEntry['details'] = [];
  for (const [field, value] of Object.entries(data)) {
    // sealedFor names whose key sealed the text, and sealed text is unreadable tokens: neither says anything here.
    if (QUIET.test(field) || field === 'sealedFor' || (typeof value === 'string' && isSealed(value))) continue;
    if ((typeof value === 'string' && value.length <= DETAIL_MAX) || typeof value === 'number' || typeof value === 'boolean') {
      details.push({ field, value: String(value) });
    }
  }
  return details;
}

/**
 * An entity's history from the log: the events of its streams (of a shared stream, those about it), newest
 * first, each with the user its metadata names. Entity streams are small and bounded (one article, one
 * course), so they are read whole.
 */
export class AdminHistory {
  constructor(private readonly o: { store: EventStore; streams: HistoryStreams; people: People }) {}

  async page(
    entity: HistoryEntity,
    id: string,
    limit: number,
    before?: string,
  ): Promise<{ entries: HistoryEntry[]; nextBefore: string | null }> {
    const sources = this.o.streams[entity]?.(id) ?? [];
    const events = (
      await Promise.all(
        sources.map(async (source) => {
          if (typeof source === 'string') return this.o.store.readStream(source);
          return (await this.o.store.readStream(source.stream)).filter((e) => source.about(e.data as Record<string, unknown>));
        }),
      )
    ).flat();
    const cut = before ? parsePosition(before) : undefined;
    const newestFirst = events
      .filter((e) => !cut || comparePositions(e.position, cut) < 0)
      .sort((a, b) => comparePositions(b.position, a.position));
    const page = newestFirst.slice(0, limit);
    const names = await this.namesOf(page);
    // An account's events hold its personal data sealed: its history names fields, never values.
    const sealed = entity === 'user';
    const entries = page.map((e): HistoryEntry => {
      const actorId = typeof e.metadata.userId === 'string' ? e.metadata.userId : undefined;
      return {
        position: formatPosition(e.position),
        type: e.type,
        label: labelOf(e.type),
        at: e.createdAt.toISOString(),
        actor: actorId ? { id: actorId, name: names.get(actorId) ?? DELETED_ACTOR } : null,
        changed: Object.keys(e.data).filter((f) => !QUIET.test(f)),
        details: sealed ? [] : detailsOf(e.data),
      };
    });
    const last = page.at(-1);
    return { entries, nextBefore: newestFirst.length > limit && last ? formatPosition(last.position) : null };
  }

  private namesOf(events: RecordedEvent[]): Promise<Map<string, string>> {
    return this.o.people.displayNames(events.flatMap((e) => (typeof e.metadata.userId === 'string' ? [e.metadata.userId] : [])));
  }
}
