import { COMMAND_ID_REUSED, LIBRARY_MESSAGES as M } from '@verba/contracts';
import { DomainError, type Decider } from '../../../platform/decider/decider';
import type { ArticleEvent } from '../events';
import type { Verdict } from '../adapters/moderation';
import type { PremiumViewer } from '../../../platform/entitlements';

/** Who issues a command, as the route saw them (role and subscription read fresh). */
export type Actor = PremiumViewer;

type Published = Extract<ArticleEvent, { type: 'library.ArticlePublished' }>['data'];
type Updated = Extract<ArticleEvent, { type: 'library.ArticleUpdated' }>['data'];
/** What the author wrote (sanitized); needApprove is the decider's to set. */
export type ArticleDraft = Omit<Updated, 'needApprove' | 'at' | 'articleId'>;
/** An imported subtitle line's start and end, in seconds. */
export type Cue = NonNullable<Published['cues']>[number];

export type ArticleCommand =
  | { kind: 'publish'; article: Omit<Published, 'authorId' | 'needApprove'> } // Verba's own content
  | { kind: 'create'; actor: Actor; articleId: string; draft: ArticleDraft; cues?: Cue[]; verdict?: Verdict; at: string }
  | { kind: 'update'; actor: Actor; articleId: string; draft: ArticleDraft; verdict?: Verdict; at: string }
  | { kind: 'makePublicPremium'; articleId: string; at: string }
  // readerFlags: readers flagged it for review (their flags live on streams of their own).
  | { kind: 'approve'; articleId: string; at: string; readerFlags?: boolean }
  | { kind: 'decline'; articleId: string; reason: string; at: string }
  | { kind: 'flag' | 'delete'; actor: Actor; articleId: string; at: string }
  // Admin moderation: delete any article; dismiss an article's flags.
  | { kind: 'adminDelete'; articleId: string; at: string }
  | { kind: 'dismissFlag'; articleId: string; at: string; readerFlags?: boolean };

export interface ArticleState {
  exists: boolean;
  deleted: boolean;
  authorId: string | null;
  isPrivate: boolean;
  needApprove: boolean;
  flagged: boolean;
  isPremiumOnly: boolean;
}

const initialState = (): ArticleState => ({
  exists: false,
  deleted: false,
  authorId: null,
  isPrivate: false,
  needApprove: false,
  flagged: false,
  isPremiumOnly: false,
});

const notFound = () => new DomainError(M.articleNotFound, 404);

/** A create whose id exists is its author's retry; from anyone else it reuses their command id. */
export function retriedCreate(authorId: string | null | undefined, actor: Actor): [] {
  if (authorId !== actor.userId) throw new DomainError(COMMAND_ID_REUSED, 409);
  return [];
}

/** Public and approved articles are everyone's; others only their author's (and admins'). */
export function canSee(s: ArticleState, actor: Actor): boolean {
  if (!s.exists || s.deleted) return false;
  return (!s.isPrivate && !s.needApprove) || s.authorId === actor.userId || actor.isAdmin;
}

function requireAuthor(s: ArticleState, actor: Actor): void {
  if (!canSee(s, actor)) throw notFound();
  if (s.authorId !== actor.userId && !actor.isAdmin) throw new DomainError(M.notAuthor, 403);
}

/** Rules every write of the text obeys; returns whether the result waits for an admin. */
function checkDraft(draft: ArticleDraft, actor: Actor, verdict: Verdict | undefined, wasPremium: boolean): boolean {
  if (draft.isPremiumOnly && !wasPremium && !actor.isAdmin) throw new DomainError(M.premiumAdminOnly, 403);
  if (draft.isPrivate || actor.isAdmin) return false;
  if (actor.subscription !== 'master') throw new DomainError(M.publicNeedsMaster, 403);
  if (!verdict) throw new Error('A public article needs a moderation verdict');
  if ('declined' in verdict) throw new DomainError(verdict.reason, 422);
  return true;
}

function decide(c: ArticleCommand, s: ArticleState): ArticleEvent[] {
  const at = 'at' in c ? c.at : c.article.at;
  switch (c.kind) {
    case 'publish':
      return s.exists ? [] : [{ type: 'library.ArticlePublished', data: { ...c.article, authorId: null, needApprove: false } }];
    case 'create': {
      if (s.exists) return retriedCreate(s.authorId, c.actor); // the article's id derives from the command id
      const needApprove = checkDraft(c.draft, c.actor, c.verdict, false);
      const cues = c.cues ? { cues: c.cues } : {};
      return [
        {
          type: 'library.ArticlePublished',
          data: { articleId: c.articleId, ...c.draft, ...cues, authorId: c.actor.userId, needApprove, at },
        },
      ];
    }
    case 'update': {
      requireAuthor(s, c.actor);
      // An author keeps the premium flag an admin gave; only admins set or clear it.
      const draft = c.actor.isAdmin ? c.draft : { ...c.draft, isPremiumOnly: c.draft.isPremiumOnly || s.isPremiumOnly };
      const needApprove = checkDraft(draft, c.actor, c.verdict, s.isPremiumOnly);
      return [{ type: 'library.ArticleUpdated', data: { articleId: c.articleId, ...draft, needApprove, at } }];
    }
    case 'approve':
      if (!s.exists || s.deleted) throw notFound();
      if (s.needApprove) return [{ type: 'library.ArticleApproved', data: { articleId: c.articleId, at } }];
      // A flagged private article goes public; a flagged public one stays, its flags dismissed.
      if (s.flagged)
        return [{ type: s.isPrivate ? 'library.ArticleMadePublic' : 'library.ArticleFlagDismissed', data: { articleId: c.articleId, at } }];
      if (c.readerFlags) return [{ type: 'library.ArticleFlagDismissed', data: { articleId: c.articleId, at } }];
      throw new DomainError(M.notPending, 409);
    case 'dismissFlag':
      if (!s.exists || s.deleted) throw notFound();
      if (!s.flagged && !c.readerFlags) throw new DomainError(M.notFlagged, 409);
      return [{ type: 'library.ArticleFlagDismissed', data: { articleId: c.articleId, at } }];
    case 'adminDelete':
      if (!s.exists || s.deleted) throw notFound();
      return [{ type: 'library.ArticleDeleted', data: { articleId: c.articleId, at } }];
    case 'decline':
      if (!s.exists || s.deleted) throw notFound();
      if (!s.needApprove && !s.flagged) throw new DomainError(M.notPending, 409);
      return [{ type: 'library.ArticleDeclined', data: { articleId: c.articleId, reason: c.reason, at } }];
    case 'makePublicPremium':
      if (!s.exists || s.deleted) throw notFound();
      if (!s.isPrivate && !s.needApprove && s.isPremiumOnly) return [];
      return [{ type: 'library.ArticleMadePublicPremium', data: { articleId: c.articleId, at } }];
    case 'flag':
      requireAuthor(s, c.actor);
      if (!s.isPrivate) throw new DomainError(M.onlyPrivateFlag, 409);
      return s.flagged ? [] : [{ type: 'library.ArticleFlaggedForApproval', data: { articleId: c.articleId, at } }];
    case 'delete':
      requireAuthor(s, c.actor);
      if (!s.isPrivate) throw new DomainError(M.onlyPrivateDelete, 403);
      return [{ type: 'library.ArticleDeleted', data: { articleId: c.articleId, at } }];
  }
}

function evolve(s: ArticleState, e: ArticleEvent): ArticleState {
  switch (e.type) {
    case 'library.ArticlePublished':
      return {
        ...s,
        exists: true,
        authorId: e.data.authorId,
        isPrivate: e.data.isPrivate,
        needApprove: e.data.needApprove,
        isPremiumOnly: e.data.isPremiumOnly,
      };
    case 'library.ArticleUpdated':
      return {
        ...s,
        isPrivate: e.data.isPrivate,
        needApprove: e.data.needApprove,
        isPremiumOnly: e.data.isPremiumOnly,
        flagged: s.flagged && e.data.isPrivate,
      };
    case 'library.ArticleApproved':
      return { ...s, needApprove: false };
    case 'library.ArticleDeclined':
      return { ...s, isPrivate: true, needApprove: false, flagged: false };
    case 'library.ArticleMadePublicPremium':
      return { ...s, isPrivate: false, needApprove: false, flagged: false, isPremiumOnly: true };
    case 'library.ArticleFlaggedForApproval':
      return { ...s, flagged: true };
    case 'library.ArticleDeleted':
      return { ...s, deleted: true };
    case 'library.ArticleFlagDismissed':
      return { ...s, flagged: false };
    case 'library.ArticleMadePublic':
      return { ...s, isPrivate: false, needApprove: false, flagged: false };
  }
}

/** One article's life: written, edited, reviewed by admins, flagged, deleted. */
export const articleDecider: Decider<ArticleCommand, ArticleState, ArticleEvent> = { initialState, decide, evolve };
