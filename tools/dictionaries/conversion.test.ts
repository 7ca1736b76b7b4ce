import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lemmasOf, readingsOf } from './analyzers.mjs';
import { decodeDictdNumber } from './dictd.mjs';
import { commonnessFrom, englishCommonness, subtlexCounts } from './english.mjs';
import { normalizeKey, parseFreedictEntry, parseMuellerEntry, splitTopLevel } from './entries.mjs';
import { englishBaseForm, englishForms, englishIrregular } from './english-forms.mjs';
import {
  conjugatedForm,
  declinedNoun,
  followPluralLemmas,
  germanLemmaHints,
  germanParadigmLinks,
  objectVerb,
  parseVerbTable,
  related,
  strongVerbLinks,
  verbalNounDeclined,
  withoutObjects,
  withoutPronouns,
} from './german-forms.mjs';
import { settleReadings } from './readings.mjs';
import { addSupplement, keepSupplementOrder, SUPPLEMENT } from './supplement.mjs';
import { CUTOFF, Lexicon, usableKey } from './lexicon.mjs';
import { imperfectiveCandidates, sureImperfectives } from './russian-aspect.mjs';

describe('reading the sources', () => {
  it("decodes dictd's base-64 offsets", () => {
    expect(decodeDictdNumber('B')).toBe(1);
    expect(decodeDictdNumber('B0')).toBe(64 + 52);
    expect(decodeDictdNumber('2tPz')).toBe(54 * 64 ** 3 + 45 * 64 ** 2 + 15 * 64 + 51);
    expect(() => decodeDictdNumber('a-b')).toThrow();
  });

  it('parses a FreeDict entry: headword, tags, translations (field words marked), cross-references', () => {
    const entry = parseFreedictEntry(
      'Stickstoff /ʃtˈɪkstɔf/ (N /ˈɛn/) <masc, n, sg>\n [chem.] nitrogen <n>, azote <n> [obs.]\n      "Stickstoff der Luft"  - atmospheric nitrogen\n see: {atmosphärischer Stickstoff}, {Stickstoffe}\n',
    );
    expect(entry).toEqual({
      headword: 'Stickstoff',
      tags: ['masc', 'n', 'sg'],
      glosses: [
        { text: 'nitrogen', labelled: true, sense: 0, place: 0 },
        { text: 'azote', labelled: true, sense: 0, place: 1 },
      ],
      see: ['atmosphärischer Stickstoff', 'Stickstoffe'],
      // cross-references and examples: Ding's main sense of a word has dozens
      refs: 3,
    });
    // Each gloss knows its sense (line) and its place in it.
    expect(
      parseFreedictEntry('amable /amˈaβle/\n1. affable, friendly (of people)\n2. dainty, nice\n').glosses.map((g) => [
        g.text,
        g.sense,
        g.place,
      ]),
    ).toEqual([
      ['affable', 0, 0],
      ['friendly', 0, 1],
      ['dainty', 1, 0],
      ['nice', 1, 1],
    ]);
    expect(
      parseFreedictEntry('Zeltplatz /x/ <masc>\ncamping site <n> [Br.] , campground <n> [Am.]\n').glosses.map(({ text, labelled }) => ({
        text,
        labelled,
      })),
    ).toEqual([
      { text: 'camping site', labelled: false },
      { text: 'campground', labelled: false },
    ]);
  });

  it('reads only the translation lines of a WikDict entry, not its definitions', () => {
    const entry = parseFreedictEntry('manger /mɑ̃.ʒe/ <v>\n1. genießen, speisen\n2. verzehren\nDissiper\n', { wikdict: true });
    expect(entry.glosses.map((g) => g.text)).toEqual(['genießen', 'speisen', 'verzehren']);
  });

  it("parses a Mueller entry's Russian translations, leaving out idioms, labels and notes", () => {
    const entry = parseMuellerEntry(
      "cat\n   _I  [kæt]\n      1. _n.\n         1) кот; кошка; tom cat кот; pussy cat кошка, кошечка\n         2) _зоол. животное семейства кошачьих\n         6) _мор. кат; barber's cat _разг. болтун, трепло\n      10)колледж (университета); пансион при школе",
    );
    expect(entry.headword).toBe('cat');
    expect(entry.translations).toEqual(['кот', 'кошка', 'животное семейства кошачьих', 'кат', 'колледж', 'пансион при школе']);
  });

  it('splits on commas and semicolons outside brackets and normalizes keys', () => {
    expect(splitTopLevel('a, b (c, d); e')).toEqual(['a', ' b (c, d)', ' e']);
    expect(normalizeKey('  L’Eau\u2010Claire  ')).toBe("l'eau-claire");
  });

  it("reads Apertium's analyses as lemmas", () => {
    expect(lemmasOf('^fue/ir<vblex><ifi><p3><sg>/ser<vbser><ifi><p3><sg>$')).toEqual(['ir', 'ser']);
    expect(lemmasOf('^darle/dar<vblex><inf>+prpers<prn><enc>$')).toEqual(['dar']);
    expect(lemmasOf('^лет/год²<n><m><nn><pl><gen>$')).toEqual(['год']);
    expect(lemmasOf('^parce/*parce$')).toEqual([]);
  });
});

describe('German forms', () => {
  it('takes the verb form out of a conjugated headword, and the pronouns out of its gloss', () => {
    expect(conjugatedForm('ich/er/sie aß')).toBe('aß');
    expect(conjugatedForm('er/sie/es ist')).toBe('ist');
    expect(conjugatedForm('Ich werde gehen')).toBeUndefined();
    expect(withoutPronouns('I/he/she ate')).toBe('ate');
  });

  it('links forms to lemmas from the verb paradigms and the "see:" references', () => {
    const parsed = [
      { headword: 'gehen', tags: ['v', 'intr'], glosses: [], see: ['gehend', 'gegangen', 'ich/er/sie ging', 'er/sie geht'] },
      { headword: 'essen', tags: ['v'], glosses: [], see: [] },
      { headword: 'Haus', tags: ['neut', 'n', 'sg'], glosses: [], see: [] },
      { headword: 'gegessen', tags: [], glosses: [], see: ['essen', 'essend'] },
      { headword: 'Häuser', tags: ['pl'], glosses: [], see: ['Einrichtung', 'Anstalt'] },
      { headword: 'Häuser', tags: ['pl'], glosses: [], see: ['Haus', 'frei Haus'] },
      { headword: 'Essen', tags: ['pl'], glosses: [], see: ['Kamin'] },
      // A noun's plural links to the noun as written, not to the verb form spelt alike ("ich esse").
      { headword: 'Esse', tags: ['fem', 'n', 'sg'], glosses: [], see: [] },
      { headword: 'Essen', tags: ['pl'], glosses: [], see: ['Schmiedeesse', 'Esse'] },
    ];
    expect(germanParadigmLinks(parsed)).toEqual([
      ['gehend', 'gehen'],
      ['ging', 'gehen'],
      ['geht', 'gehen'],
    ]);
    const known = new Set(['essen', 'Haus', 'Einrichtung', 'Kamin', 'Esse']);
    expect(germanLemmaHints(parsed, (k: string) => known.has(k))).toEqual([
      ['gegessen', 'essen'],
      ['Häuser', 'Haus'],
      ['Essen', 'Esse'],
    ]);
  });

  it('never links a word to another through a shared gloss or a synonym in its "see:" line (issue 36.7)', () => {
    const parsed = [
      // Ding lists synonyms and their forms beside a word's own forms.
      { headword: 'Brötchen', tags: ['n'], glosses: [], see: ['belegtes Brot', 'Stulle', 'Knifte'] },
      { headword: 'bekommt', tags: [], glosses: [], see: ['empfangen', 'erhalten', 'kriegen'] },
      { headword: 'Kuchen', tags: ['pl'], glosses: [], see: ['Kuchen', 'Küchlein'] },
      { headword: 'Neuen', tags: ['pl'], glosses: [], see: ['Neuling'] },
      {
        headword: 'haben',
        tags: ['v', 'trans'],
        glosses: [],
        see: ['besitzend', 'habend', 'besitzt', 'gehabt', 'hegend', 'er/sie besitzt'],
      },
      { headword: 'sein', tags: ['v'], glosses: [], see: ['ich bin', 'er/sie/es ist'] },
      { headword: 'Brötchen', tags: ['pl'], glosses: [], see: ['Brötchen', 'Brötli'] },
      ...['Stulle', 'Brötli', 'Küchlein', 'Neuling'].map((headword) => ({ headword, tags: ['neut', 'n', 'sg'], glosses: [], see: [] })),
      ...['empfangen', 'erhalten', 'kriegen'].map((headword) => ({ headword, tags: ['v'], glosses: [], see: [] })),
    ];
    const known = new Set(['Stulle', 'Brötli', 'empfangen', 'erhalten', 'kriegen', 'Küchlein', 'Neuling', 'haben', 'sein']);
    expect(germanLemmaHints(parsed, (k: string) => known.has(k))).toEqual([]);
    // haben's own forms only; "ist" and "bin" of sein are spelt unlike it and come from supplement/de.tsv.
    expect(germanParadigmLinks(parsed)).toEqual([
      ['habend', 'haben'],
      ['gehabt', 'haben'],
    ]);
    expect(related('gefunden', 'finden')).toBe(true);
    expect(related('geschrieben', 'schreiben')).toBe(true);
    expect(related('verstanden', 'verstehen')).toBe(true);
    expect(related('Städte', 'Stadt')).toBe(true);
    expect(related('Brötchen', 'Stulle')).toBe(false);
    expect(related('bekommt', 'empfangen')).toBe(false);
    expect(related('gefunden', 'denken')).toBe(false);
  });

  it('keeps transcriptions and the abbreviations after a grammar tag out of the glosses', () => {
    expect(parseFreedictEntry('Cent /sˈɛnt/ <masc, n, sg>\ncent <n>c,  /tsˈeː/ ct,  /tsˌeːtˈeː/\n').glosses.map((g) => g.text)).toEqual([
      'cent',
      'ct',
    ]);
    const lexicon = new Lexicon();
    lexicon.addGloss('aaaber', '/ˈɔtt/', 1);
    lexicon.addGloss('aaaber', 'tsˈeː', 1);
    lexicon.addGloss('aaaber', 'on the third hand', 1);
    expect(lexicon.toLines()).toEqual(['aaaber\ton the third hand\t']);
  });

  it('marks special fields and registers, not the everyday fields Ding puts on the usual sense', () => {
    const hund = parseFreedictEntry('Hund /hˈʊnt/ <masc, n, sg>\n [zool.] dog <n>, dawg <n>\n');
    expect(hund.glosses.map(({ text, labelled }) => ({ text, labelled }))).toEqual([
      { text: 'dog', labelled: false },
      { text: 'dawg', labelled: false },
    ]);
    expect(parseFreedictEntry('Katze /x/ <fem>\n [techn.] crane trolley <n>\n').glosses[0]!.labelled).toBe(true);
  });
});

describe('the lexicon written out', () => {
  it('keeps the best glosses first, drops ones far below the best, and sorts lines by UTF-8 bytes', () => {
    const lexicon = new Lexicon();
    lexicon.addGloss('Zelt', 'tent', 3_000_000);
    lexicon.addGloss('Zelt', 'marquee', 2_900_000);
    lexicon.addGloss('Zelt', 'tabernacle', 3_000_000 - CUTOFF - 1);
    lexicon.addGloss('äpfel', 'apples', 1);
    lexicon.addGloss('b', 'bee', 1);
    lexicon.addLemma('Zelte', 'Zelt');
    lexicon.addLemma('Blorp', 'Unbekannt'); // a lemma without glosses is no help
    expect(lexicon.toLines()).toEqual(['b\tbee\t', 'zelt\ttent; marquee\t', 'zelte\t\tzelt', 'äpfel\tapples\t']);
    expect(lexicon.headwordCount).toBe(3);
  });

  it('keeps a German noun apart from the lower-case word spelt like it, and adds up glosses several entries give', () => {
    const lexicon = new Lexicon({ cased: true });
    lexicon.addGloss('Essen', 'food', 10);
    lexicon.addGloss('essen', 'eat', 10);
    lexicon.addGloss('Hund', 'mine car', 20);
    lexicon.addGloss('Hund', 'dog', 10);
    lexicon.addGloss('Hund', 'dog', 10);
    lexicon.addGloss('Haus', 'house', 10);
    lexicon.addLemma('Essens', 'Essen');
    lexicon.addLemma('gegessen', 'essen');
    lexicon.addLemma('Häuser', 'Haus');
    expect(lexicon.toLines()).toEqual([
      'Essen\tfood\t',
      'essen\teat\t',
      'essens\t\tEssen',
      'gegessen\t\tessen',
      'haus\thouse\t',
      'hund\tdog; mine car\t',
      'häuser\t\thaus',
    ]);
  });

  it('keeps plain words and short phrases as keys, French elisions included', () => {
    for (const key of ['haus', "aujourd'hui", 'peut-être', "l'", 'guten morgen', 'il y a du']) expect(usableKey(key), key).toBe(true);
    for (const key of ['-ethik', 'a/b', '1960', 'a b c d e', "'s", 'sth.']) expect(usableKey(key), key).toBe(false);
  });

  it('measures how common an English gloss is by its rarest word in SUBTLEX, names and capitals aside', () => {
    const counts = subtlexCounts([
      { word: 'cold', count: 400 },
      { word: 'war', count: 100 },
      { word: 'gelid', count: 1 },
      { word: 'Jack', count: 800 },
    ]);
    const commonness = commonnessFrom(counts);
    expect(commonness('cold')).toBe(400);
    expect(commonness('gelid')).toBe(1);
    expect(commonness('to be cold')).toBe(400); // fillers ("to", "be") do not count
    expect(commonness('cold war')).toBe(100);
    expect(commonness('jack')).toBe(200); // mostly a name: a quarter
    expect(commonness('blorptastic')).toBe(0);
    // The real list: everyday words before their rare synonyms.
    const real = englishCommonness();
    for (const [everyday, rare] of [
      ['car', 'vehicle'],
      ['eat', 'lunch'],
      ['door', 'gate'],
      ['cat', 'jack'],
      ['woman', 'female'],
    ]) {
      expect(real(everyday), `${everyday} > ${rare}`).toBeGreaterThan(real(rare));
    }
  });
});

describe('Russian aspect partners', () => {
  it('finds the imperfective a perfective verb is made from', () => {
    expect(imperfectiveCandidates('приехать')).toContain('приезжать');
    expect(imperfectiveCandidates('начаться')).toContain('начинаться');
    expect(imperfectiveCandidates('включить')).toContain('включать');
    expect(imperfectiveCandidates('защитить')).toContain('защищать');
    expect(imperfectiveCandidates('вырасти')).toContain('вырастать');
    expect(imperfectiveCandidates('написать')).toContain('писать');
    expect(imperfectiveCandidates('дом')).toEqual([]);
    expect(imperfectiveCandidates('прийти')).toContain('приходить');
    expect(imperfectiveCandidates('пойти')).toContain('идти');
  });

  it('takes only sure partners for a verb with glosses of its own (not "пять" for "пить")', () => {
    expect(sureImperfectives('сделать')).toEqual(['делать']);
    expect(sureImperfectives('написать')).toEqual(['писать']);
    expect(sureImperfectives('прийти')).toEqual(['приходить']);
    expect(sureImperfectives('пить')).toEqual([]);
    expect(sureImperfectives('купить')).toEqual([]);
    expect(sureImperfectives('открыть')).toEqual([]);
  });
});

describe('issue 36.7: base forms and first meanings', () => {
  const table = parseVerbTable(fs.readFileSync(new URL('./supplement/de-verbs.tsv', import.meta.url), 'utf8'));
  const lemmaOf = (pairs: [string, string][], form: string) => pairs.filter(([f]) => f === form).map(([, l]) => l);

  it('makes every form of a German strong verb, and of the prefixed verbs made of it', () => {
    const pairs = strongVerbLinks(table, new Set(['bekommen', 'ankommen', 'zurückbekommen', 'verstehen']));
    expect(lemmaOf(pairs, 'nimmt')).toEqual(['nehmen']);
    expect(lemmaOf(pairs, 'wusste')).toEqual(['wissen']);
    expect(lemmaOf(pairs, 'brachte')).toEqual(['bringen']);
    expect(lemmaOf(pairs, 'kannst')).toEqual(['können']);
    expect(lemmaOf(pairs, 'gingen')).toEqual(['gehen']);
    expect(lemmaOf(pairs, 'genommenen')).toEqual(['nehmen']);
    expect(lemmaOf(pairs, 'bekam')).toEqual(['bekommen']);
    expect(lemmaOf(pairs, 'bekommen')).toContain('bekommen'); // no "gebekommen"
    expect(lemmaOf(pairs, 'angekommen')).toEqual(['ankommen']);
    expect(lemmaOf(pairs, 'anzukommen')).toEqual(['ankommen']);
    expect(lemmaOf(pairs, 'zurückbekam')).toEqual(['zurückbekommen']);
    expect(lemmaOf(pairs, 'verstanden')).toContain('verstehen');
    expect(lemmaOf(pairs, 'gebekommen')).toEqual([]);
  });

  it('reads a German verb filed with its objects as the verb ("etw. sagen": say)', () => {
    expect(objectVerb('etw. sagen')).toBe('sagen');
    expect(objectVerb('jdm. etw. geben')).toBe('geben');
    expect(objectVerb('ein Fahrzeug fahren')).toBeUndefined();
    expect(withoutObjects('say sth.')).toBe('say');
    expect(withoutObjects('give sb. sth.')).toBe('give');
    expect(withoutObjects('take sth. up')).toBe('take up');
    expect(withoutObjects('proffer sb. sth. / sth. to sb.')).toBe('');
  });

  it('tells English forms from their base, regular and irregular', () => {
    const irregular = englishIrregular();
    const isFormOf = englishForms(irregular);
    expect(isFormOf('found', 'find')).toBe(true);
    expect(isFormOf('cats', 'cat')).toBe(true);
    expect(isFormOf('children', 'child')).toBe(true);
    expect(isFormOf('went out', 'to go out')).toBe(true);
    expect(isFormOf('thought', 'find')).toBe(false);
    const baseOf = englishBaseForm(irregular, englishCommonness());
    expect(['drives', 'drove', 'lives', 'carries', 'stopped', 'has'].map(baseOf)).toEqual([
      'drive',
      'drive',
      'live',
      'carry',
      'stop',
      'have',
    ]);
  });

  it('reads what an Apertium reading is: a verb form or not', () => {
    expect(readingsOf('^porte/porte<n><f><sg>/porter<vblex><pri><p3><sg>$')).toEqual([
      { lemma: 'porte', verb: false },
      { lemma: 'porter', verb: true },
    ]);
    expect(readingsOf('^puedo/poder<vbmod><pri><p1><sg>$')).toEqual([{ lemma: 'poder', verb: true }]);
  });

  it('finds a cased word under the spelling that has glosses, and lets other sources confirm a gloss', () => {
    const lexicon = new Lexicon({ cased: true });
    lexicon.addGloss('Katze', 'cat', 10);
    lexicon.addLemma('katze', 'Katz'); // a form hunspell gives; Katz has no glosses here, so nothing is linked
    lexicon.entry('katze');
    expect(lexicon.find('katze')).toBe('Katze');
    lexicon.addGloss('Zug', 'pull', 1_000_000);
    lexicon.addGloss('Zug', 'train', 900_000);
    lexicon.attest('Zug', 'train', 'back', 200_000);
    lexicon.attest('Zug', 'train', 'back', 200_000); // once per source
    lexicon.attest('Zug', 'bus', 'back', 500_000); // never adds a gloss
    expect(lexicon.ranked('Zug')).toEqual([
      ['train', 1_100_000],
      ['pull', 1_000_000],
    ]);
  });

  const commonness = commonnessFrom(
    new Map([
      ['night', 40_000],
      ['harm', 1_600],
      ['east', 600],
      ['be', 290_000],
      ['amount', 1_200],
      ['found', 20_000],
      ['find', 42_000],
      ['thought', 41_000],
      ['play', 18_000],
      ['gambled', 50],
    ]),
  );
  const isFormOf = englishForms(
    new Map([
      ['find', ['found']],
      ['think', ['thought']],
    ]),
  );

  it("shows a word's own meaning rather than claim a base form, unless the other reading is much more common", () => {
    const lexicon = new Lexicon();
    lexicon.addGloss('nuire', 'harm', 10);
    lexicon.addGloss('nuit', 'night', 10);
    lexicon.addLemma('nuit', 'nuire');
    lexicon.addGloss('être', 'be', 10);
    lexicon.addGloss('est', 'east', 10);
    lexicon.addLemma('est', 'être');
    lexicon.addGloss('somme', 'amount', 10);
    lexicon.addLemma('sommes', 'somme');
    lexicon.addLemma('sommes', 'être');
    settleReadings(lexicon, { baseForms: new Set(['nuit', 'est']), commonness, isFormOf });
    expect(lexicon.toLines()).toEqual([
      'est\tbe; east\têtre',
      'nuire\tharm\t',
      'nuit\tnight\t',
      'somme\tamount\t',
      'sommes\t\têtre|somme',
      'être\tbe\t',
    ]);
  });

  it("puts first the gloss of a form that is its lemma's meaning, or that meaning", () => {
    const lexicon = new Lexicon();
    lexicon.addGloss('finden', 'find', 20);
    lexicon.addGloss('finden', 'think', 10);
    lexicon.addGloss('fand', 'thought', 20);
    lexicon.addGloss('fand', 'found', 10);
    lexicon.addLemma('fand', 'finden');
    lexicon.addGloss('spielen', 'play', 20);
    lexicon.addGloss('spielte', 'gambled', 20);
    lexicon.addLemma('spielte', 'spielen');
    settleReadings(lexicon, { baseForms: new Set(), commonness, isFormOf });
    expect(lexicon.topGlosses('fand', 2)).toEqual(['found', 'thought']);
    expect(lexicon.topGlosses('spielte', 2)).toEqual(['play', 'gambled']);
  });
});

describe('issue 36.7 follow-ups: a capitalized German word is a noun first; modal verbs say "can" first', () => {
  const commonness = commonnessFrom(
    new Map([
      ['fuck', 19_000],
      ['bird', 2_300],
      ['food', 7_900],
      ['forge', 40],
      ['eat', 12_800],
      ['running', 3_000],
      ['run', 20_000],
    ]),
  );
  const isFormOf = englishForms(new Map());
  const infinitives = new Set(['vögeln', 'essen', 'laufen']);

  /** Vogel, its plural and the vulgar verb; Essen (food) and Esse (forge, plural Essen); Laufen, only the verb's noun. */
  function german() {
    const lexicon = new Lexicon({ cased: true });
    lexicon.addGloss('Vogel', 'bird', 10);
    lexicon.addGloss('Vögel', 'birds', 10);
    lexicon.addLemma('Vögel', 'Vogel');
    lexicon.addGloss('vögeln', 'fuck', 10);
    // "das Vögeln" is in Ding only as [vulg.]; igerman98 makes "Vögeln" of its word "Vögel".
    lexicon.addGloss('Vögeln', 'fuck', 10, false, false);
    lexicon.addLemma('Vögeln', 'Vögel');
    lexicon.addGloss('essen', 'eat', 10);
    lexicon.addGloss('Esse', 'forge', 10);
    lexicon.addGloss('Essen', 'food', 10);
    lexicon.addLemma('Essen', 'Esse');
    lexicon.addGloss('laufen', 'run', 10);
    lexicon.addGloss('Laufen', 'running', 10);
    return lexicon;
  }

  it('reads "Vögeln" as Vogel\'s dative plural (bird), not the vulgar verb; keeps the everyday noun senses of Essen and Laufen', () => {
    const lexicon = german();
    const baseForms = new Set(['Vogel', 'vögeln', 'Vögeln', 'essen', 'Esse', 'Essen', 'laufen', 'Laufen']);
    followPluralLemmas(lexicon, baseForms);
    settleReadings(lexicon, { baseForms, commonness, isFormOf, declined: verbalNounDeclined(infinitives) });
    expect(lexicon.toLines()).toEqual([
      'Essen\tfood\t',
      'Laufen\trunning\t',
      // A capital stays only where the lower-case spelling is another word's.
      'Vögeln\t\tvogel',
      'esse\tforge\t',
      'essen\teat\t',
      'laufen\trun\t',
      'vogel\tbird\t',
      'vögel\tbirds\tvogel',
      'vögeln\tfuck\t',
    ]);
  });

  it("lets a verb's noun yield only when it is a field's or register's word and a plural or case of another noun", () => {
    // Without the rule (no `declined`, as for French), "Vögeln" keeps its own reading.
    const lexicon = german();
    const baseForms = new Set(['Vögeln', 'Essen']);
    settleReadings(lexicon, { baseForms, commonness, isFormOf });
    expect(lexicon.topGlosses('Vögeln', 2)).toEqual(['fuck']);
    const declined = verbalNounDeclined(infinitives);
    expect(declined('Vögeln', 'Vögel')).toBe(true);
    expect(declined('Vögeln', 'Vogel')).toBe(true);
    // Derived words are no case of their base: "Abtreibung" (abtreiben), "Amerikanerin"; a lower-case verb is no noun's case.
    expect(declinedNoun('Abtreibung', 'abtreiben')).toBe(false);
    expect(declinedNoun('Amerikanerin', 'Amerikaner')).toBe(false);
    expect(declinedNoun('stricken', 'Strick')).toBe(false);
    expect(declinedNoun('Eiern', 'Ei')).toBe(true);
    // A noun that is no verb's ("Granate", also a plural of Granat) does not yield.
    expect(declined('Granate', 'Granat')).toBe(false);
  });

  it('links the case of an umlaut plural to the singular: Männern is Mann\'s, not "from männer"', () => {
    const lexicon = new Lexicon({ cased: true });
    lexicon.addGloss('Mann', 'man', 10);
    lexicon.addGloss('Männer', 'men', 10);
    lexicon.addLemma('Männer', 'Mann');
    lexicon.addLemma('Männern', 'Männer');
    lexicon.addGloss('hindern', 'hinder', 10);
    lexicon.addGloss('gehindert', 'hindered', 10);
    lexicon.addLemma('gehindert', 'hindern');
    lexicon.addLemma('ungehindert', 'gehindert'); // a derived word, no case of a plural: left as it is
    followPluralLemmas(lexicon, new Set(['Mann', 'hindern']));
    expect(lexicon.toLines()).toEqual([
      'gehindert\thindered\thindern',
      'hindern\thinder\t',
      'mann\tman\t',
      'männer\tmen\tmann',
      'männern\t\tmann',
      'ungehindert\t\tgehindert',
    ]);
  });

  it("keeps the supplement's glosses first and in its order, whatever other sources confirm (können: can, not may)", () => {
    const lexicon = new Lexicon({ cased: true });
    const rows = [['können', 'can; be able to; may']];
    addSupplement(lexicon, rows);
    // Ding's entries and the English-German dictionary agree on "may" more often than on "can".
    lexicon.addGloss('können', 'may', SUPPLEMENT - 2);
    lexicon.addGloss('können', 'may', SUPPLEMENT - 2);
    lexicon.attest('können', 'may', 'back', 173_205);
    lexicon.addGloss('können', 'be able', SUPPLEMENT - 500_000);
    expect(lexicon.topGlosses('können', 1)).toEqual(['may']);
    keepSupplementOrder(lexicon, rows);
    expect(lexicon.topGlosses('können', 4)).toEqual(['can', 'be able to', 'may']);
  });
});
