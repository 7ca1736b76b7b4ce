import AdmZip from 'adm-zip';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, EXPORT_MESSAGES } from '@verba/contracts';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { practiceTestApp, type PracticeTestApp } from '../../../test-support/contexts/practice/app';

const database = await preferredTestDatabase();

type Row = Record<string, number | string | null>;

/** Opens an .apkg the way Anki's importer does: unzip, then read the SQLite collection inside. */
async function openPackage(bytes: Buffer) {
  const zip = new AdmZip(bytes);
  const names = zip
    .getEntries()
    .map((e) => e.entryName)
    .sort();
  const SQL = await initSqlJs();
  const db = new SQL.Database(zip.readFile('collection.anki2')!);
  const all = (sql: string): Row[] => {
    const [result] = db.exec(sql);
    return result ? result.values.map((v) => Object.fromEntries(result.columns.map((c, i) => [c, v[i] as number | string | null]))) : [];
  };
  return { names, media: zip.readAsText('media'), all };
}

describe(`flashcard export on ${database.label}`, () => {
  let p: PracticeTestApp;
  beforeAll(async () => {
    p = await practiceTestApp(await database.create());
  });
  afterAll(async () => p?.t.close());

  it('exports an Anki package whose notes, cards and FSRS state another SQLite reader finds', async () => {
    const { agent } = p.learner();
    const ids: string[] = [];
    for (const card of [
      { sourceValue: 'der Hund', targetValue: 'the dog', sentence: 'Ich sehe den Hund <dort> & die Hunde.' },
      { sourceValue: 'die Katze <klein>', targetValue: 'the (small) cat & co' },
      { sourceValue: 'das Zelt', targetValue: 'the tent' },
    ]) {
      ids.push(...(await p.create(agent, [card])).ids);
      p.clock.advance(1000);
    }
    // The dog is reviewed twice (learning, then review); the cat is marked known; the tent stays new.
    await agent.request({ method: 'PATCH', url: '/api/flashcards', payload: { reviews: [{ id: ids[0], rating: 'good' }] } });
    p.clock.advance(DAY_MS);
    const reviewed = await agent.request({
      method: 'PATCH',
      url: '/api/flashcards',
      payload: { reviews: [{ id: ids[0], rating: 'good' }] },
    });
    // The tent's review is undone: it leaves the log, and the package's revlog with it.
    const tentReview = await agent.request({
      method: 'PATCH',
      url: '/api/flashcards',
      payload: { reviews: [{ id: ids[2], rating: 'again' }] },
    });
    const undone = await agent.request({
      method: 'POST',
      url: '/api/flashcards/undo-review',
      payload: { id: ids[2], reviewId: tentReview.json().cards[0].reviewId },
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const status = await agent.request({ method: 'PATCH', url: '/api/flashcards/status', payload: { id: ids[1], status: 'known' } });
    const dog = reviewed.json().cards[0];
    expect(dog.state).toBe('review');

    const res = await p.get(agent, '/api/flashcards/export?languageCode=de&format=apkg', status.json().position);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/apkg');
    expect(res.headers['content-disposition']).toBe('attachment; filename="verba-flashcards-de-2026-03-03.apkg"');

    const pkg = await openPackage(res.rawPayload);
    expect(pkg.names).toEqual(['collection.anki2', 'media']);
    expect(pkg.media).toBe('{}');
    expect(pkg.all('pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    const [col] = pkg.all('select ver, crt, models, decks from col');
    expect(col!.ver).toBe(11);
    const models = Object.values(JSON.parse(String(col!.models))) as {
      id: number;
      flds: { name: string }[];
      tmpls: { qfmt: string; afmt: string }[];
    }[];
    expect(models).toHaveLength(1);
    expect(models[0]!.flds.map((f) => f.name)).toEqual(['Front', 'Back', 'Sentence']);
    expect(models[0]!.tmpls[0]!.qfmt).toBe('{{Front}}');
    // The sentence shows under the back, only on cards that have one.
    expect(models[0]!.tmpls[0]!.afmt).toContain('{{#Sentence}}<div class="sentence">{{Sentence}}</div>{{/Sentence}}');
    const decks = Object.values(JSON.parse(String(col!.decks))) as { id: number; name: string }[];
    const deck = decks.find((d) => d.name === 'Verba::German')!;
    expect(deck).toBeDefined();

    const rows = pkg.all(
      'select n.flds, n.sfld, n.tags, n.mid, c.did, c.ord, c.type, c.queue, c.due, c.ivl, c.factor, c.reps, c.lapses, c.data from notes n join cards c on c.nid = n.id order by n.id',
    );
    expect(rows.map((r) => String(r.flds).split('\u001f'))).toEqual([
      // The sentence is escaped like every field, then its word is made bold (the learner's "<" stays a letter).
      ['der Hund', 'the dog', 'Ich sehe den <b>Hund</b> &lt;dort&gt; &amp; die Hunde.'],
      ['die Katze &lt;klein&gt;', 'the (small) cat &amp; co', ''],
      ['das Zelt', 'the tent', ''],
    ]);
    for (const r of rows) expect(r).toMatchObject({ mid: models[0]!.id, did: deck.id, ord: 0 });
    const [dogRow, catRow, tentRow] = rows;
    const dueDay = Math.floor((dog.dueDateStamp - Number(col!.crt) * 1000) / DAY_MS);
    expect(dogRow).toMatchObject({
      type: 2,
      queue: 2,
      due: dueDay,
      ivl: dog.scheduledDays,
      factor: 2500,
      reps: 2,
      lapses: 0,
      tags: ' verba uncertain ',
    });
    const memory = JSON.parse(String(dogRow!.data));
    expect(memory.s).toBeCloseTo(dog.stability, 3);
    expect(memory.d).toBeCloseTo(dog.difficulty, 2);
    expect(memory).toMatchObject({ dr: 0.9, lrt: Math.floor(dog.lastTimePracticedStamp / 1000) });
    expect(catRow).toMatchObject({ type: 0, queue: 0, due: 2, reps: 0, data: '{}', tags: ' verba known ' });
    expect(tentRow).toMatchObject({ type: 0, queue: 0, due: 3, ivl: 0, factor: 0, data: '{}' });

    // Anki's review log: the dog's two reviews (Good, while learning: a first step in seconds, then days),
    // oldest first, on the dog's card; nothing of the tent's undone review.
    const [dogCard] = pkg.all("select c.id from cards c join notes n on n.id = c.nid where n.sfld = 'der Hund'");
    const revlog = pkg.all('select id, cid, usn, ease, ivl, lastIvl, type from revlog order by id');
    expect(revlog).toHaveLength(2);
    for (const r of revlog) expect(r).toMatchObject({ cid: dogCard!.id, usn: -1, ease: 3, type: 0 });
    expect(Number(revlog[0]!.ivl)).toBeLessThan(0);
    expect(revlog[1]).toMatchObject({ ivl: dog.scheduledDays, lastIvl: 0, id: dog.lastTimePracticedStamp });
    expect(Number(revlog[1]!.id) - Number(revlog[0]!.id)).toBe(DAY_MS);
  });

  it('exports the review log as CSV beside the cards, one row a review that stands', async () => {
    const { agent } = p.learner();
    const { ids } = await p.create(agent, [{ sourceValue: 'el perro', targetValue: 'the dog' }], 'es');
    const first = await agent.request({ method: 'PATCH', url: '/api/flashcards', payload: { reviews: [{ id: ids[0], rating: 'hard' }] } });
    p.clock.advance(DAY_MS);
    const second = await agent.request({ method: 'PATCH', url: '/api/flashcards', payload: { reviews: [{ id: ids[0], rating: 'easy' }] } });
    expect(first.statusCode).toBe(200);
    const res = await p.get(agent, '/api/flashcards/export?languageCode=es&format=reviews', second.json().position);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="verba-reviews-es-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'term,reviewed,rating,source,scheduled,state_before,interval_before,interval_after,due_after,stability_after,difficulty_after',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 6))).toEqual([
      ['el perro', expect.stringMatching(/^20\d\d-/), 'hard', 'flashcards', 'true', 'new'],
      ['el perro', expect.stringMatching(/^20\d\d-/), 'easy', 'flashcards', 'true', 'learning'],
    ]);
  });

  it('exports a CSV with a row a card, and says so when there is nothing to export', async () => {
    const { agent } = p.learner();
    const empty = await p.get(agent, '/api/flashcards/export?languageCode=fr&format=csv');
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe(EXPORT_MESSAGES.noCards);
    const { position } = await p.create(
      agent,
      [
        { sourceValue: 'le chat', targetValue: 'the cat' },
        { sourceValue: '=HYPERLINK("x")', targetValue: 'a, "quoted" meaning' },
        { sourceValue: 'le chien', targetValue: 'the dog', sentence: 'Le chien dort, "tranquille".' },
      ],
      'fr',
    );
    const res = await p.get(agent, '/api/flashcards/export?languageCode=fr&format=csv', position);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('term,translation,status,language,state,due,interval,difficulty,stability,reps,lapses,added,origin,sentence');
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.startsWith('le chat'))).toMatch(
      /^le chat,the cat,uncertain,fr,new,2026-03-0\dT[\d:.]+Z,0,0,0,0,0,2026-03-0\dT[\d:.]+Z,,$/,
    );
    // The card's sentence is the last column, quoted as CSV quotes.
    expect(lines.find((l) => l.startsWith('le chien'))).toMatch(/,,"Le chien dort, ""tranquille""\."$/);
    // A formula is neutralised for spreadsheets; quotes and commas survive.
    expect(lines.find((l) => l.includes('HYPERLINK'))).toMatch(/^"'=HYPERLINK\(""x""\)","a, ""quoted"" meaning",uncertain,fr,new,/);
  });
});
