import { EventCodec, readEventData } from '../../../platform/decider/events';
import { openSealed } from '../../../platform/personal-data/keys';
import type { Projection } from '../../../platform/projections/projection';
import { UserDeleted } from '../../identity/published';
import { forumEvents } from '../events';

const codec = new EventCodec([...forumEvents]);

/**
 * The forum's read model: threads, posts (text opened from the authors' seals), votes, reports and
 * readers (following, last read). A deleted account's threads and posts stay in place with their text
 * erased and the author shown as a deleted account; their votes, reports and follows go.
 */
export const forumProjection: Projection = {
  name: 'forum',
  version: 2,
  tables: ['forum_threads', 'forum_posts', 'forum_votes', 'forum_reports', 'forum_readers'],
  eventTypes: [...forumEvents.map((e) => e.type), UserDeleted.type],
  async setup(trx, t) {
    await trx.schema.createTable(t('forum_threads'), (tb) => {
      tb.uuid('id').primary();
      tb.text('language').notNullable();
      tb.text('attached_kind');
      tb.text('attached_target');
      tb.text('title').notNullable();
      tb.uuid('author_id').notNullable();
      tb.boolean('author_deleted').notNullable().defaultTo(false);
      tb.boolean('locked').notNullable().defaultTo(false);
      tb.integer('posts').notNullable().defaultTo(0);
      tb.timestamp('created_at', { useTz: true }).notNullable();
      tb.timestamp('last_post_at', { useTz: true }).notNullable();
      tb.index(['language', 'last_post_at']);
    });
    await trx.schema.createTable(t('forum_posts'), (tb) => {
      tb.uuid('id').primary();
      /** Log order within the forum: posts are shown and counted unread by it (timestamps can tie). */
      tb.bigInteger('seq').notNullable();
      tb.uuid('thread_id').notNullable();
      tb.uuid('author_id').notNullable();
      tb.boolean('author_deleted').notNullable().defaultTo(false);
      tb.text('body').notNullable();
      tb.uuid('quote_post_id');
      tb.timestamp('created_at', { useTz: true }).notNullable();
      tb.timestamp('edited_at', { useTz: true });
      tb.boolean('deleted').notNullable().defaultTo(false);
      tb.boolean('hidden').notNullable().defaultTo(false);
      tb.integer('upvotes').notNullable().defaultTo(0);
      tb.index(['thread_id', 'seq']);
      tb.index(['author_id']);
    });
    await trx.schema.createTable(t('forum_votes'), (tb) => {
      tb.uuid('post_id').notNullable();
      tb.uuid('user_id').notNullable();
      tb.primary(['post_id', 'user_id']);
      tb.index(['user_id']);
    });
    await trx.schema.createTable(t('forum_reports'), (tb) => {
      tb.uuid('post_id').notNullable();
      tb.uuid('reporter_id').notNullable();
      tb.text('reason').notNullable();
      tb.text('details');
      tb.timestamp('at', { useTz: true }).notNullable();
      tb.primary(['post_id', 'reporter_id']);
    });
    await trx.schema.createTable(t('forum_readers'), (tb) => {
      tb.uuid('thread_id').notNullable();
      tb.uuid('user_id').notNullable();
      tb.boolean('subscribed').notNullable().defaultTo(false);
      /** The last post (by seq) of the thread when the reader last read it or began following it. */
      tb.bigInteger('last_read_seq').notNullable().defaultTo(0);
      tb.primary(['thread_id', 'user_id']);
      tb.index(['user_id']);
    });
  },
  async apply(events, { trx, t }) {
    const [threads, posts, votes, reports, readers] = ['forum_threads', 'forum_posts', 'forum_votes', 'forum_reports', 'forum_readers'].map(
      t,
    ) as [string, string, string, string, string];
    const keys = new Map<string, Buffer | undefined>();
    const lastSeq = async (threadId: string) => Number((await trx(posts).where({ thread_id: threadId }).max({ m: 'seq' }).first())?.m ?? 0);
    let nextSeq = Number((await trx(posts).max({ m: 'seq' }).first())?.m ?? 0) + 1;
    const recount = (postId: string) =>
      trx(posts)
        .where({ id: postId })
        .update({ upvotes: trx(votes).where({ post_id: postId }).count('*') });
    for (const recorded of events) {
      if (recorded.type === UserDeleted.type) {
        const { userId } = readEventData(UserDeleted, recorded);
        keys.delete(userId);
        await trx(threads).where({ author_id: userId }).update({ title: '', author_deleted: true });
        await trx(posts).where({ author_id: userId }).update({ body: '', author_deleted: true });
        const voted = await trx(votes).where({ user_id: userId }).pluck('post_id');
        await trx(votes).where({ user_id: userId }).delete();
        for (const postId of voted as string[]) await recount(postId);
        await trx(reports).where({ reporter_id: userId }).delete();
        await trx(readers).where({ user_id: userId }).delete();
        continue;
      }
      const e = codec.decode(recorded);
      switch (e.type) {
        case 'forum.ThreadStarted': {
          const d = await openSealed(trx, e.data, ['title'], keys);
          await trx(threads)
            .insert({
              id: d.threadId,
              language: d.language,
              attached_kind: d.attachedTo?.kind ?? null,
              attached_target: d.attachedTo?.targetId ?? null,
              title: d.title,
              author_id: d.authorId,
              created_at: d.at,
              last_post_at: d.at,
            })
            .onConflict('id')
            .ignore();
          break;
        }
        case 'forum.ThreadLocked':
          await trx(threads).where({ id: e.data.threadId }).update({ locked: e.data.locked });
          break;
        case 'forum.PostWritten': {
          const d = await openSealed(trx, e.data, ['body'], keys);
          const inserted = await trx(posts)
            .insert({
              id: d.postId,
              seq: nextSeq++,
              thread_id: d.threadId,
              author_id: d.authorId,
              body: d.body,
              quote_post_id: d.quotePostId,
              created_at: d.at,
            })
            .onConflict('id')
            .ignore()
            .returning('id');
          if (inserted.length)
            await trx(threads)
              .where({ id: d.threadId })
              .update({ posts: trx.raw('posts + 1'), last_post_at: d.at });
          break;
        }
        case 'forum.PostEdited': {
          const d = await openSealed(trx, e.data, ['body'], keys);
          await trx(posts).where({ id: d.postId }).update({ body: d.body, edited_at: d.at });
          break;
        }
        case 'forum.PostDeleted':
          await trx(posts).where({ id: e.data.postId }).update({ deleted: true, body: '' });
          break;
        case 'forum.PostHidden':
          await trx(posts).where({ id: e.data.postId }).update({ hidden: e.data.hidden });
          break;
        case 'forum.PostReported': {
          const d = await openSealed(trx, e.data, ['details'], keys);
          await trx(reports)
            .insert({ post_id: d.postId, reporter_id: d.reporterId, reason: d.reason, details: d.details || null, at: d.at })
            .onConflict(['post_id', 'reporter_id'])
            .ignore();
          break;
        }
        case 'forum.PostUpvoted':
          if (e.data.upvoted)
            await trx(votes).insert({ post_id: e.data.postId, user_id: e.data.userId }).onConflict(['post_id', 'user_id']).ignore();
          else await trx(votes).where({ post_id: e.data.postId, user_id: e.data.userId }).delete();
          await recount(e.data.postId);
          break;
        case 'forum.ThreadSubscriptionChanged':
          // Following starts from what is there now: only later replies count as unread.
          await trx(readers)
            .insert({
              thread_id: e.data.threadId,
              user_id: e.data.userId,
              subscribed: e.data.subscribed,
              last_read_seq: await lastSeq(e.data.threadId),
            })
            .onConflict(['thread_id', 'user_id'])
            .merge({ subscribed: e.data.subscribed });
          break;
        case 'forum.ThreadRead': {
          const seq = await lastSeq(e.data.threadId);
          await trx(readers)
            .insert({ thread_id: e.data.threadId, user_id: e.data.userId, last_read_seq: seq })
            .onConflict(['thread_id', 'user_id'])
            .merge({ last_read_seq: seq });
          break;
        }
      }
    }
  },
};
