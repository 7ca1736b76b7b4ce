import { adminPagesCache, defineProjection, insert, remove, update, when } from '../../../platform/projections/declare';
import { UserDeleted } from '../../identity/published';
import {
  ArticleApproved,
  ArticleDeclined,
  ArticleDeleted,
  ArticleFlagDismissed,
  ArticleFlaggedForApproval,
  ArticleFlaggedForReview,
  ArticleMadePublic,
  ArticleMadePublicPremium,
  FLAG_SEALED_FIELDS,
} from '../events';

/** A review of the article settles its flags. */
const settles = [ArticleApproved, ArticleDeclined, ArticleDeleted, ArticleFlagDismissed, ArticleMadePublic, ArticleMadePublicPremium];

/**
 * Who flagged each article, why and when, for the admins' flagged list: an author asking approval for
 * their private article (no reason) and readers flagging an article for review (their reason, sealed in
 * the log, opened here). A review of the article clears its flags; an erased flagger's rows keep the flag
 * but lose who and why.
 */
export const flagsProjection = defineProjection({
  name: 'library-flags',
  version: 2,
  tables: {
    library_article_flags: {
      key: ['event_id'],
      columns: { event_id: 'text', article_id: 'uuid', flagged_by: 'text?', reason: 'text?', at: 'timestamptz' },
      indexes: [['article_id'], ['flagged_by']],
    },
  },
  // The admin pages' cached reads go stale with each batch, and all go after a flagger's erasure.
  caches: [adminPagesCache({ purgedBy: [UserDeleted] })],
  on: [
    when(ArticleFlaggedForApproval, (e, { id, metadata }) => [
      insert('library_article_flags', {
        event_id: id,
        article_id: e.articleId,
        flagged_by: metadata.userId ?? null,
        reason: null,
        at: e.at,
      }),
    ]),
    when(
      ArticleFlaggedForReview,
      (e, { id }) => [
        // One row per reader and article: flagging again replaces the reason.
        remove('library_article_flags', { article_id: e.articleId, flagged_by: e.userId }),
        insert('library_article_flags', { event_id: id, article_id: e.articleId, flagged_by: e.userId, reason: e.reason, at: e.at }),
      ],
      { sealed: FLAG_SEALED_FIELDS },
    ),
    ...settles.map((settle) => when(settle, (e) => [remove('library_article_flags', { article_id: e.articleId })])),
    when(UserDeleted, (e) => [update('library_article_flags', { flagged_by: e.userId }, { flagged_by: null, reason: null })]),
  ],
});
