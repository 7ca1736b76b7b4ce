import { createKnex } from './platform/db/knex';
import { queryArticles } from './contexts/library/article-queries';
import { listFilters } from './contexts/library/article-queries';
const db = createKnex('postgres://postgres@127.0.0.1:5432/libdev' + (process.env.NS ? '?options=-c%20search_path%3Dnostats' : ''));
const uid = '11111111-1111-4111-8111-111111111111';
const viewer = { userId: uid, isAdmin: false, isMaster: false };
const orig = db.raw.bind(db);
let captured: [string, unknown[]] | undefined;
const proxy = new Proxy(db, { get(t, k) { if (k === 'raw') return (sql: string, b: unknown[]) => { captured = [sql, b]; return orig(sql, b as any); }; return (t as any)[k]; } });
const sort = (process.argv[2] ?? 'newest') as 'newest';
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  await queryArticles(proxy as any, viewer, { where: listFilters(viewer, { languageCode: 'de', scope: 'all', sort, page: 3, pageSize: 50 } as any), sort, limit: 50, offset: 100 });
  console.log('ms', performance.now() - t0);
}
const plan = await orig('explain (analyze, buffers off) ' + captured![0], captured![1] as any);
console.log(plan.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
await db.destroy();
