import { EventCodec, readEventData } from '../../../platform/decider/events';
import { openSealed } from '../../../platform/personal-data/keys';
import type { Projection } from '../../../platform/projections/projection';
import { UserDeleted } from '../../identity/published';
import { adminReads } from '../../../platform/projections/admin-reads';
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
const reviewCodec = new EventCodec([ArticleFlaggedForReview]);

/**
 * Who flagged each article, why and when, for the admins' flagged list: an author asking approval for
 * their private article (no reason) and readers flagging an article for review (their reason, sealed in
 * the log, opened here). A review of the article clears its flags; an erased flagger's rows keep the flag
 * but lose who and why.
 */
export const flagsProjection: Projection = {
  name: 'library-flags',
  version: 2,
  tables: ['library_article_flags'],
  eventTypes: [ArticleFlaggedForApproval.type, ArticleFlaggedForReview.type, ...settles.map((e) => e.type), UserDeleted.type],
  // The admin pages' cached reads go stale with each batch, and all go after a flagger's erasure.
  ...adminReads.projectionHooks('library-flags', (e) => e.type === UserDeleted.type),
  async setup(trx, t) {
    await trx.schema.createTable(t('library_article_flags'), (tb) => {
      tb.text('event_id').primary();
      tb.uuid('article_id').notNullable();
      tb.text('flagged_by');
      tb.text('reason');
      tb.timestamp('at', { useTz: true }).notNullable();
      tb.index(['article_id']);
      tb.index(['flagged_by']);
    });
  },
  async apply(events, { trx, t }) {
    const keys = new Map<string, Buffer | undefined>();
    const flags = () => trx(t('library_article_flags'));
    for (const recorded of events) {
      if (recorded.type === UserDeleted.type) {
        await flags()
          .where({ flagged_by: readEventData(UserDeleted, recorded).userId })
          .update({ flagged_by: null, reason: null });
      } else if (recorded.type === ArticleFlaggedForApproval.type) {
        const { articleId, at } = readEventData(ArticleFlaggedForApproval, recorded);
        await flags()
          .insert({ event_id: recorded.id, article_id: articleId, flagged_by: recorded.metadata.userId ?? null, reason: null, at })
          .onConflict('event_id')
          .ignore();
      } else if (recorded.type === ArticleFlaggedForReview.type) {
        const data = await openSealed(trx, reviewCodec.decode(recorded).data, FLAG_SEALED_FIELDS, keys);
        // One row per reader and article: flagging again replaces the reason.
        await flags().where({ article_id: data.articleId, flagged_by: data.userId }).delete();
        await flags().insert({
          event_id: recorded.id,
          article_id: data.articleId,
          flagged_by: data.userId,
          reason: data.reason,
          at: data.at,
        });
      } else {
        await flags()
          .where({ article_id: (recorded.data as { articleId: string }).articleId })
          .delete();
      }
    }
  },
};
