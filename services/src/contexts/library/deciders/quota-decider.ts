import { FREE_PRIVATE_ARTICLE_LIMIT, LIBRARY_MESSAGES as M } from '@verba/contracts';
import { DomainError, type Decider } from '../../../platform/decider/decider';
import type { QuotaEvent } from '../events';

/**
 * A user's authoring quota: how many private articles they keep. A private article's creation takes a
 * slot before its own stream is written, its deletion frees it; free users are refused the sixth.
 * `baseline` is the read model's count, used only to open the stream of a user who wrote private articles
 * before the quota stream existed.
 */
export type QuotaCommand =
  | { kind: 'take'; userId: string; articleId: string; limited: boolean; baseline: number; at: string }
  | { kind: 'free'; userId: string; articleId: string; baseline: number; at: string };

export interface QuotaState {
  opened: boolean;
  privateArticles: number;
  last?: { articleId: string; change: 'taken' | 'freed' };
}

export const quotaDecider: Decider<QuotaCommand, QuotaState, QuotaEvent> = {
  initialState: () => ({ opened: false, privateArticles: 0 }),
  decide(c, s) {
    const change = c.kind === 'take' ? 'taken' : 'freed';
    if (s.last?.articleId === c.articleId && s.last.change === change) return []; // a retry
    const count = s.opened ? s.privateArticles : c.baseline;
    if (c.kind === 'take' && c.limited && count >= FREE_PRIVATE_ARTICLE_LIMIT) throw new DomainError(M.privateLimit, 403);
    const privateArticles = c.kind === 'take' ? count + 1 : Math.max(0, count - 1);
    return [
      { type: 'library.PrivateArticleCountChanged', data: { userId: c.userId, articleId: c.articleId, change, privateArticles, at: c.at } },
    ];
  },
  // Each event carries the whole state, so folding only the last one is enough (lastEventOnly).
  evolve: (_s, e) => ({
    opened: true,
    privateArticles: e.data.privateArticles,
    last: { articleId: e.data.articleId, change: e.data.change },
  }),
};
