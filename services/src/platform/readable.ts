import type { LearningLanguage } from '@verba/contracts';
import type { AuthUser } from './http/routes';
import { HttpError } from './http/problem';
import type { Module, ModuleDeps } from './module';

/** Things learners open whose rules belong to another context: a course chapter, a library article. */
export type ReadableKind = 'chapter' | 'article';
export const READABLE_KINDS: readonly ReadableKind[] = ['article', 'chapter'];

/** What a context hanging something on a readable thing may need to know of it (the forum: its thread's language). */
export interface ReadableTarget {
  language: LearningLanguage;
  /**
   * Articles: what a context that times audio to the text needs (speech, issue 40.2): whether the caller
   * wrote it, whether it is private, its content as stored and, for a subtitle import, each paragraph's cue.
   */
  article?: {
    isAuthor: boolean;
    isPrivate: boolean;
    content: string;
    contentFormat: 'text' | 'html';
    cues?: readonly { start: number; end: number }[];
  };
}

/** Throws the owner's own 404/403 (with its message) when `user` may not open the thing; resolves when they may. */
export type ReadCheck = (user: AuthUser, id: string) => Promise<ReadableTarget>;

/** Of these ids, those `user` may open now: the check's own rule for many at once (lists filter by it in SQL). */
export type VisibleCheck = (user: AuthUser, ids: readonly string[]) => Promise<Set<string>>;

/** An owner's rule for one kind of thing, for one id and for many. */
export interface ReadAccess {
  check: ReadCheck;
  visible: VisibleCheck;
}

/**
 * Whether a user may open a chapter or an article, asked of the module that owns it (learning, library),
 * so a context that hangs something on them (speech's audio, the forum's discussions) applies the same rules
 * without copying them.
 */
export interface Readable {
  check(kind: ReadableKind, user: AuthUser, id: string): Promise<ReadableTarget>;
  /** Of these ids of one kind, those `user` may open now (none of a kind no module owns). */
  visible(kind: ReadableKind, user: AuthUser, ids: readonly string[]): Promise<Set<string>>;
}

export const NOT_READABLE = 'Not found';

export function readableOf(modules: readonly Module[], deps: () => ModuleDeps): Readable {
  let owners: Partial<Record<ReadableKind, ReadAccess>> | undefined;
  // Built on first use: the owners' rules need the finished deps (auth, db).
  const owner = (kind: ReadableKind) =>
    (owners ??= Object.assign({}, ...modules.map((m) => m.readAccess?.(deps()) ?? {})) as Partial<Record<ReadableKind, ReadAccess>>)[kind];
  return {
    async check(kind, user, id) {
      const access = owner(kind);
      if (!access) throw new HttpError(404, NOT_READABLE);
      return access.check(user, id);
    },
    async visible(kind, user, ids) {
      const access = owner(kind);
      return access && ids.length ? access.visible(user, ids) : new Set();
    },
  };
}
