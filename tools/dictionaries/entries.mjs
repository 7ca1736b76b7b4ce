// Parses the text of one dictionary entry into a headword and short glosses. FreeDict's dictd entries
// look like
//   Zelt /tsˈɛlt/ <neut, n, sg>
//   tent <n>
//         "ein Zelt aufschlagen"  - pitch a tent
//    see: {Zelte}, {kleines Schutzzelt}
// (the headword, IPA and grammar on the first line; translations on unindented lines, numbered "1. ..."
// when there are senses; examples, synonyms, notes and cross-references indented). Mueller's
// English-Russian entries put everything indented under the headword, senses numbered "1)".

/** How every key is written: NFC, lower case, one apostrophe, ASCII hyphens, single spaces. */
export function normalizeKey(text) {
  return text
    .normalize('NFC')
    .replace(/[\u2019\u02bc]/g, "'")
    .replace(/[\u2010\u2011]/g, '-')
    .replace(/\u00ad/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * A gloss as shown: typographic hyphens unified, no notes in brackets, no transcription ("/tsˈeː/"), and
 * nothing from its grammar tag on (Ding writes an abbreviation there: "cent <n>c").
 */
function cleanGloss(text) {
  return text
    .replace(/[\u2010\u2011]/g, '-')
    .replace(/<[^>]*>.*$/, ' ')
    .replace(/\/[^/]*[ˈˌː][^/]*\//g, ' ')
    .replace(/\[[^\]]*\]|\{[^}]*\}|\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:.]+|[\s,;:]+$/g, '')
    .trim();
}

/** Splits "a, b (c, d); e" on commas and semicolons that are not inside brackets. */
export function splitTopLevel(text) {
  const parts = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if ('([{<'.includes(ch)) depth++;
    else if (')]}>'.includes(ch)) depth = Math.max(0, depth - 1);
    if ((ch === ',' || ch === ';') && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

/**
 * A label of a special field or a register ("[mus.]", "[chem.]", "[poet.]"), which puts a word below the
 * plain ones. Not a region ("[Br.]", "[Am.]"), nor an everyday field: Ding marks the usual sense of common
 * words with one ("Hund [zool.] dog", "essen [cook.] eat", "Mond [astron.] moon").
 */
const FIELD_LABEL = /\[(?!(?:Br|Am|Aus|Sc|Can|Ir|NZ|zool|bot|cook|anat|astron|biol|ornith|geogr|meteo|school|sport)\.\])[^\]]*\]/;

/**
 * The headword ends where its pronunciation or grammar starts: "zufolge /…/ ([+ dat]) <prep>". A bracket
 * before that belongs to the headword ("in der (öffentlichen) Umweltdebatte"), which is then no plain key.
 */
const HEAD_END = /\s+[/<]/u;
const TAGS = /<([^>]*)>\s*$/u;

/**
 * A FreeDict entry (`wikdict` for the FreeDict+WikDict ones, made from Wiktionary): its headword as
 * written, the grammar tags of the headword line ("pl", "v", "masc"),
 * the translations in order (each a short gloss, `labelled` when it is marked as one field's or register's
 * word: "[mus.]", "[Br.]", "[poet.]"; `sense`: which translation line, 0 for the first, numbered or not;
 * `place`: where in its line), the cross-references of its "see:" line, and `refs`: how many
 * cross-references and examples it has (Ding's entry for a word's main sense has dozens: "Zug" train).
 */
export function parseFreedictEntry(text, { wikdict = false } = {}) {
  const lines = text.replace(/\r/g, '').split('\n');
  const first = lines[0] ?? '';
  const end = HEAD_END.exec(first);
  const headword = (end ? first.slice(0, end.index) : first).trim();
  const tags = (TAGS.exec(first)?.[1] ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const glosses = [];
  const see = [];
  let sense = 0;
  let examples = 0;
  for (const [i, line] of lines.slice(1).entries()) {
    if (!line.trim()) continue;
    // WikDict entries follow each sense's translations with a definition in the source language: only the
    // first line and numbered lines ("2. verzehren") are translations.
    if (wikdict && i > 0 && !/^\d+\.\s/.test(line)) continue;
    if (/^\s+"[^"]*"\s+-\s/.test(line)) examples++;
    const seeLine = /^\s*see:\s*(.*)$/.exec(line);
    if (seeLine) {
      for (const m of seeLine[1].matchAll(/\{([^}]*)\}/g)) see.push(m[1].trim());
      continue;
    }
    // Examples, synonyms and notes are indented; a translation with a field label is " [cook.] eat".
    const lineLabels = /^ (?:\[[^\]]*\]\s*)+/.exec(line)?.[0];
    if (/^\s/.test(line) && !lineLabels) continue;
    const labelled = !!lineLabels && FIELD_LABEL.test(lineLabels);
    let place = 0;
    for (const part of splitTopLevel(line.replace(/^\d+\.\s*/, '').replace(/\s\d+\.$/, ''))) {
      const gloss = cleanGloss(part);
      if (gloss && !glosses.some((g) => g.text === gloss))
        glosses.push({ text: gloss, labelled: labelled || FIELD_LABEL.test(part), sense, place: place++ });
    }
    sense++;
  }
  return { headword, tags, glosses, see, refs: see.length + examples };
}

const CYRILLIC_PHRASE = /^[\p{Script=Cyrillic}]+(?:[ -][\p{Script=Cyrillic}]+)*$/u;
/** A new logical line in a Mueller entry: a sense number "1)", "1.", "а)" or a homonym mark "_I". */
const SENSE_START = /^\s*(?:\d+\s*[).]|[а-я]\)|_[IVX]+\b)/u;

/**
 * A Mueller entry: the English headword, the entry's length (a rough measure of how common and
 * many-sided the word is) and its Russian translations in order. Only plain Russian words and short
 * phrases count; anything mixed with English (idioms and their examples), abbreviations or references
 * ("_p. от go") is left out.
 */
export function parseMuellerEntry(text) {
  const [first = '', ...rest] = text.replace(/\r/g, '').split('\n');
  const logical = [];
  for (const line of rest) {
    if (!line.trim()) continue;
    if (SENSE_START.test(line) || logical.length === 0) logical.push(line.trim());
    else logical[logical.length - 1] += ` ${line.trim()}`;
  }
  const translations = [];
  for (const line of logical) {
    const body = line
      .replace(/\[[^\]]*\]/g, ' ') // transcription
      .replace(/\([^)]*\)/g, ' ') // notes
      .replace(/_[\p{L}-]+\.?/gu, ' ') // labels: _n. _биол. _разг.
      .replace(/^\s*(?:\d+\s*[).]|[а-я]\))\s*/u, '')
      .replace(/\s\d+\s*[).]\s*/gu, ' ');
    for (const part of body.split(/[;,]/)) {
      const phrase = part.replace(/\s+/g, ' ').trim();
      // Idioms follow the translations of a sense, each "english words русский перевод": what comes after
      // the first one belongs to idioms, not to the headword.
      if (/\p{Script=Latin}/u.test(phrase)) break;
      if (CYRILLIC_PHRASE.test(phrase) && phrase.split(' ').length <= 3 && !translations.includes(phrase)) translations.push(phrase);
    }
  }
  return { headword: first.trim(), size: text.length, translations };
}
