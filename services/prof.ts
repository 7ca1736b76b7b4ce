import { startApi, signUpAndIn } from '/work/main/services/bench/api/server';
import autocannon from 'autocannon';
const api = await startApi(process.env.PROF_DB ?? 'postgres://postgres@127.0.0.1:5432/verba_prof');
const s = await signUpAndIn(api.base, 'p@example.org', 'bench password 123');
let n = 0; console.log('LOAD');
const r = await autocannon({ url: api.base, connections: 32, duration: 8, requests: [{ setupRequest: () => ({ method: 'PATCH', path: '/api/dictionary/word', headers: { cookie: s.cookie, 'x-verba-csrf': s.csrf, 'content-type': 'application/json' }, body: JSON.stringify({ languageCode: 'de', word: { value: `x${n++}`, status: 'known' } }) }) }] });
console.log(r.requests.average, r.latency.p99, r.non2xx);
await api.stop();
