import type { LearningLanguage } from '@verba/contracts';
import type { AuthUser } from './http/routes';
import { HttpError } from './http/problem';
import type { Module, ModuleDeps } from './module';

/** Things learners open whose rules belong to another context: a course chapter, a library article. */
export type ReadableKind = 'chapter' | 'article';

/** What a context hanging something on a readable thing may need to know of it (the forum: its thread's language). */
export interface ReadableTarget {
  language: LearningLanguage;
}

/** Throws the owner's own 404/403 (with its message) when `user` may not open the thing; resolves when they may. */
export type ReadCheck = (user: AuthUser, id: string) => Promise<ReadableTarget>;

/**
 * Whether a user may open a chapter or an article, asked of the module that owns it (learning, library),
 * so a context that hangs something on them (speech's audio, the forum's discussions) applies the same rules
 * without copying them.
 */
export interface Readable {
  check(kind: ReadableKind, user: AuthUser, id: string): Promise<ReadableTarget>;
}

export const NOT_READABLE = 'Not found';

export function readableOf(modules: readonly Module[], deps: () => ModuleDeps): Readable {
  let checks: Partial<Record<ReadableKind, ReadCheck>> | undefined;
  return {
    async check(kind, user, id) {
      // Built on first use: the owners' checks need the finished deps (auth, db).
      checks ??= Object.assign({}, ...modules.map((m) => m.readAccess?.(deps()) ?? {})) as Partial<Record<ReadableKind, ReadCheck>>;
      const check = checks[kind];
      if (!check) throw new HttpError(404, NOT_READABLE);
      return check(user, id);
    },
  };
}
