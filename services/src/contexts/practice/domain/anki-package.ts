import { createHash, randomBytes } from 'node:crypto';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { strToU8, zipSync } from 'fflate';
import { DAY_MS, LANGUAGE_NAMES, highlightSentence, type Flashcard, type LearningLanguage } from '@verba/contracts';
import type { ReviewRow } from '../projections/reviews';

/**
 * An Anki package (.apkg): a zip holding `collection.anki2`, a SQLite database in Anki's schema 11 (the
 * format every Anki version imports), and an empty `media` map. Each flashcard is one note of a "Verba" note
 * type (Front, Back, and the Sentence the word was met in, shown under the back with the word in bold) with
 * one card. Its FSRS state goes where Anki keeps it: type/queue/due/ivl/reps/lapses
 * columns for the schedule, and the card's `data` JSON for FSRS memory (`s` stability, `d` difficulty,
 * `dr` desired retention, `lrt` last review), as Anki's own FSRS writes them. Each review that stands is a
 * `revlog` row, so Anki's own optimiser can fit FSRS on the learner's Verba history.
 */

let sqlJs: Promise<SqlJsStatic> | undefined;
const sqlite = () => (sqlJs ??= initSqlJs());

const SCHEMA_11 = `
create table col (id integer primary key, crt integer not null, mod integer not null, scm integer not null, ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null, models text not null, decks text not null, dconf text not null, tags text not null);
create table notes (id integer primary key, guid text not null, mid integer not null, mod integer not null, usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null, flags integer not null, data text not null);
create table cards (id integer primary key, nid integer not null, did integer not null, ord integer not null, mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null, ivl integer not null, factor integer not null, reps integer not null, lapses integer not null, left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
create table revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null, ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
create table graves (usn integer not null, oid integer not null, type integer not null);
create index ix_notes_usn on notes (usn);
create index ix_cards_usn on cards (usn);
create index ix_revlog_usn on revlog (usn);
create index ix_cards_nid on cards (nid);
create index ix_cards_sched on cards (did, queue, due);
create index ix_revlog_cid on revlog (cid);
create index ix_notes_csum on notes (csum);
`;

/** Anki's card types and queues (schema 11). */
const TYPE = { new: 0, learning: 1, review: 2, relearning: 3 } as const;
const QUEUE = { new: 0, learning: 1, review: 2, relearning: 1 } as const;
/** Anki's default starting ease (250%), in permille; new cards carry 0. */
const DEFAULT_EASE = 2500;
/** The retention FSRS schedules for by default (ts-fsrs and Anki alike). */
const DESIRED_RETENTION = 0.9;
const FIELD_SEPARATOR = '\u001f';
const CSS =
  '.card { font-family: sans-serif; font-size: 28px; text-align: center; color: black; background-color: white; }\n' +
  '.sentence { font-size: 20px; font-style: italic; margin-top: 1em; }';

/** Text for an Anki field: fields are HTML, so a learner's "<" must stay a letter, not become markup. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Anki's duplicate check: the first 8 hex digits of the SHA-1 of the sort field, as a number. */
/** The card's sentence as an Anki field: escaped like any field, its word (or the form of it there) in bold. */
const sentenceField = (card: Flashcard) =>
  card.sentence
    ? highlightSentence(card.sentence, card.sourceValue)
        .map((part) => (part.mark ? `<b>${html(part.text)}</b>` : html(part.text)))
        .join('')
    : '';
const checksum = (text: string) => parseInt(createHash('sha1').update(text).digest('hex').slice(0, 8), 16);
const guid = () => randomBytes(8).toString('base64url');

function noteType(id: number, deckId: number, now: number, language: string) {
  const field = (name: string, ord: number) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20, media: [] });
  return {
    id,
    name: `Verba (${language})`,
    type: 0,
    mod: now,
    usn: -1,
    sortf: 0,
    did: deckId,
    tmpls: [
      {
        name: 'Card 1',
        ord: 0,
        qfmt: '{{Front}}',
        afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}\n\n{{#Sentence}}<div class="sentence">{{Sentence}}</div>{{/Sentence}}',
        bqfmt: '',
        bafmt: '',
        did: null,
        bfont: '',
        bsize: 0,
      },
    ],
    flds: [field('Front', 0), field('Back', 1), field('Sentence', 2)],
    css: CSS,
    latexPre:
      '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    req: [[0, 'any', [0]]],
    tags: [],
    vers: [],
  };
}

function deck(id: number, name: string, now: number) {
  return {
    id,
    name,
    mod: now,
    usn: -1,
    lrnToday: [0, 0],
    revToday: [0, 0],
    newToday: [0, 0],
    timeToday: [0, 0],
    collapsed: false,
    browserCollapsed: false,
    desc: 'Flashcards exported from Verba.',
    dyn: 0,
    conf: 1,
    extendNew: 0,
    extendRev: 0,
  };
}

const DECK_CONFIG = {
  id: 1,
  name: 'Default',
  mod: 0,
  usn: 0,
  maxTaken: 60,
  autoplay: true,
  timer: 0,
  replayq: true,
  dyn: false,
  new: { bury: false, delays: [1, 10], initialFactor: DEFAULT_EASE, ints: [1, 4, 0], order: 1, perDay: 20 },
  lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
  rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
  desiredRetention: DESIRED_RETENTION,
};

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The schedule columns of one card, as Anki's schema 11 reads them (review due in days since `crt`). */
function schedule(card: Flashcard, position: number, crtSeconds: number) {
  const state = card.state;
  const due =
    state === 'new'
      ? position
      : state === 'review'
        ? Math.max(0, Math.floor((card.dueDateStamp - crtSeconds * 1000) / DAY_MS))
        : Math.floor(card.dueDateStamp / 1000);
  const memory =
    state === 'new' || card.lastTimePracticedStamp === null
      ? {}
      : {
          s: round(Math.max(card.stability, 0.0001), 4),
          d: round(card.difficulty, 3),
          dr: DESIRED_RETENTION,
          lrt: Math.floor(card.lastTimePracticedStamp / 1000),
        };
  return {
    type: TYPE[state],
    queue: QUEUE[state],
    due,
    ivl: state === 'review' ? Math.max(1, card.scheduledDays) : 0,
    factor: state === 'new' ? 0 : DEFAULT_EASE,
    data: JSON.stringify(memory),
  };
}

/** Anki's answer buttons (revlog.ease). */
const EASE = { again: 1, hard: 2, good: 3, easy: 4 } as const;
/** revlog.type: learn, review, relearn, and "filtered" for a game's extra repetition that left the schedule alone. */
const REVIEW_TYPE = { new: 0, learning: 0, review: 1, relearning: 2 } as const;
const FILTERED = 3;

/** One revlog row's values after its id and card id: usn, ease, ivl, lastIvl, factor, time, type. */
function revlogValues(r: ReviewRow) {
  const reviewed = r.reviewed_at.getTime();
  // Anki's ivl: days when the card went to review, minus seconds while it is (re)learning.
  const ivl = r.interval_after > 0 ? r.interval_after : -Math.max(0, Math.round((r.due_after.getTime() - reviewed) / 1000));
  const type = r.scheduled ? (REVIEW_TYPE[r.state_before as keyof typeof REVIEW_TYPE] ?? 1) : FILTERED;
  const factor = type === 0 ? 0 : DEFAULT_EASE;
  // Verba does not time answers: 0 ms, which Anki reads as unknown.
  return [EASE[r.rating as keyof typeof EASE] ?? 3, ivl, r.interval_before, factor, 0, type];
}

/** The package of one learner's cards in one language (oldest card first) with their reviews (the log). */
export async function ankiPackage(
  cards: readonly Flashcard[],
  language: LearningLanguage,
  now: Date,
  reviews: readonly ReviewRow[] = [],
): Promise<Uint8Array> {
  const SQL = await sqlite();
  const db = new SQL.Database();
  try {
    db.run(SCHEMA_11);
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const ordered = [...cards].sort((a, b) => a.creationDateStamp - b.creationDateStamp || a.id.localeCompare(b.id));
    const firstDay = Math.min(now.getTime(), ...ordered.map((c) => c.creationDateStamp));
    const crt = Math.floor((firstDay - (firstDay % DAY_MS)) / 1000);
    // Ids are millisecond stamps in Anki; the note type's and the deck's only need to be unique in the file.
    const modelId = now.getTime();
    const deckId = modelId + 1;
    const name = LANGUAGE_NAMES[language];
    const models = { [modelId]: noteType(modelId, deckId, nowSeconds, name) };
    const decks = { 1: { ...deck(1, 'Default', nowSeconds), desc: '' }, [deckId]: deck(deckId, `Verba::${name}`, nowSeconds) };
    const conf = {
      nextPos: ordered.length + 1,
      estTimes: true,
      activeDecks: [deckId],
      sortType: 'noteFld',
      timeLim: 0,
      sortBackwards: false,
      addToCur: true,
      curDeck: deckId,
      newSpread: 0,
      dueCounts: true,
      curModel: modelId,
      collapseTime: 1200,
    };
    db.run('insert into col values (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      crt,
      now.getTime(),
      now.getTime(),
      JSON.stringify(conf),
      JSON.stringify(models),
      JSON.stringify(decks),
      JSON.stringify({ 1: DECK_CONFIG }),
      '{}',
    ]);
    const note = db.prepare("insert into notes values (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')");
    const card = db.prepare('insert into cards values (?, ?, ?, 0, ?, -1, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, ?)');
    const ids = new Map<string, number>();
    ordered.forEach((c, i) => {
      const front = html(c.sourceValue);
      const id = c.creationDateStamp * 1000 + (i % 1000); // unique even for cards made in the same millisecond
      ids.set(c.id, id);
      const tags = c.status === 'known' ? ' verba known ' : ' verba uncertain ';
      note.run([
        id,
        guid(),
        modelId,
        nowSeconds,
        tags,
        [front, html(c.targetValue), sentenceField(c)].join(FIELD_SEPARATOR),
        front,
        checksum(front),
      ]);
      const s = schedule(c, i + 1, crt);
      card.run([id, id, deckId, nowSeconds, s.type, s.queue, s.due, s.ivl, s.factor, c.reps, c.lapses, s.data]);
    });
    note.free();
    card.free();
    // revlog ids are the review's millisecond; two reviews in one millisecond take the next free one.
    const revlog = db.prepare('insert into revlog values (?, ?, -1, ?, ?, ?, ?, ?, ?)');
    let lastId = 0;
    for (const r of [...reviews].sort((a, b) => a.reviewed_at.getTime() - b.reviewed_at.getTime())) {
      const cid = ids.get(r.card_id);
      if (cid === undefined) continue; // a deleted card's reviews stay in Verba's log, not in a package of cards
      lastId = Math.max(r.reviewed_at.getTime(), lastId + 1);
      revlog.run([lastId, cid, ...revlogValues(r)]);
    }
    revlog.free();
    return zipSync({ 'collection.anki2': db.export(), media: strToU8('{}') });
  } finally {
    db.close();
  }
}
