/**
 * The API benchmark's limit peer: a bare fastify server doing the least the product's routes could do
 * for the same requests: PATCH /api/dictionary/word is one INSERT, GET /api/dictionary one SELECT, on a
 * scratch database of the same PostgreSQL, with the same pool size and the same JSON bodies. No session
 * check (the user is the `uid` cookie), no events, no projections. Run as its own process:
 * `node --import tsx bench/api/peer.ts` with DATABASE_URL and PORT set.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
pool.on('error', () => undefined);

await pool.query(`
  create table if not exists peer_words (
    id bigint generated always as identity primary key,
    user_id int not null,
    language_code text not null,
    value text not null,
    status text not null
  );
  create index if not exists peer_words_user on peer_words (user_id, language_code);
`);

const userOf = (cookie: string | undefined): number => Number(/(?:^|;\s*)uid=(\d+)/.exec(cookie ?? '')?.[1] ?? 0);

const app = Fastify({ logger: false });

interface MarkBody {
  languageCode: string;
  word: { value: string; status: string };
}

app.patch<{ Body: MarkBody }>('/api/dictionary/word', async (req) => {
  const { languageCode, word } = req.body;
  const res = await pool.query<{ id: string }>(
    'insert into peer_words (user_id, language_code, value, status) values ($1, $2, $3, $4) returning id',
    [userOf(req.headers.cookie), languageCode, word.value, word.status],
  );
  return { position: res.rows[0]!.id };
});

app.post<{ Body: { languageCode: string; words: string[] } }>('/api/dictionary/add-many', async (req) => {
  const { languageCode, words } = req.body;
  await pool.query(
    `insert into peer_words (user_id, language_code, value, status) select $1, $2, w, 'uncertain' from unnest($3::text[]) w`,
    [userOf(req.headers.cookie), languageCode, words],
  );
  return { added: words.length };
});

app.get<{ Querystring: { languageCode: string } }>('/api/dictionary', async (req) => {
  const res = await pool.query<{ value: string; status: string }>(
    'select value, status from peer_words where user_id = $1 and language_code = $2 order by value',
    [userOf(req.headers.cookie), req.query.languageCode],
  );
  return { words: res.rows };
});

app.get('/api/ready', async () => ({ ok: true }));

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });

process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .finally(() => process.exit(0));
});
