import { createKnex } from './platform/db/knex';
import { articlesProjection } from './contexts/library/projection';
import { readerWordsProjection } from './contexts/library/reader-words-projection';
const db = createKnex('postgres://postgres@127.0.0.1:5432/libdev');
await db.transaction(async (trx) => {
  await articlesProjection.setup(trx, (x) => x);
  await readerWordsProjection.setup(trx, (x) => x);
});
const uid = '11111111-1111-4111-8111-111111111111';
await db.raw(`insert into library_articles (id, language, name, category, level, total_words, content, content_format, translation, author_display_name, is_private, need_approve, is_premium_only, created_at, updated_at)
  select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'de', 'Artikel ' || i, 'Other', 'B1', 300, 'x', 'text', '', 'Verba', false, false, false, now() - i * interval '1 minute', now() from generate_series(1, 1000) i`);
await db.raw(`insert into library_article_words (article_id, language, word_hashes, occurrences)
  select ('00000000-0000-4000-8000-' || lpad(a::text, 12, '0'))::uuid, 'de', array_agg(('x'||substr(md5('wort' || w),1,16))::bit(64)::bigint), array_agg(n)
  from (select a, w, count(*)::int n from (select a, floor(40000 * random() ^ (1 + a % 8))::int w from generate_series(1, 1000) a, generate_series(1, 300) k) s group by a, w) s2 group by a`);
await db.raw(`insert into library_reader_words select ?::uuid, 'de', ('x'||substr(md5('wort' || i),1,16))::bit(64)::bigint, case when i % 10 = 0 then 'uncertain' else 'known' end from generate_series(0, 19999) i`, [uid]);
if (!process.env.NOANALYZE) 
await db.raw('analyze');
console.log((await db.raw('select count(*), sum(cardinality(word_hashes)) from library_article_words')).rows);
await db.destroy();
