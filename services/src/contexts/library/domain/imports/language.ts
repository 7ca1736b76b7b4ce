import { IMPORT_LANGUAGE_WORDS_MIN, IMPORT_MESSAGES as M, type LearningLanguage } from '@verba/contracts';
import { Refused } from '../../../../platform/untrusted/refused';

/**
 * Whether a text is in the language a learner chose for it, by the simplest signs that hold for real
 * texts: its script (Russian is written in Cyrillic, the others in Latin letters) and, among Latin texts,
 * the share of each language's most frequent words (articles, pronouns, prepositions: a fifth to a third
 * of any running text). English is a rival too: subtitles of the original film are the common mistake.
 * (The translation context has a glossary-based guess, but contexts do not share code, and this runs on
 * the untrusted pool where only pure, small code loads.)
 */
const FREQUENT: Readonly<Record<Exclude<LearningLanguage, 'ru'> | 'en', ReadonlySet<string>>> = {
  de: new Set(
    'der die das und ist nicht ein eine einen einem einer ich du er sie es wir ihr mit den dem des von zu auf für sich auch was wie noch nur aber wenn so hat habe haben bin sind war im ins am aus bei nach um oder mich mir dich dir uns euch ja nein kein keine doch schon jetzt hier da dann sehr gut'.split(
      ' ',
    ),
  ),
  fr: new Set(
    "le la les un une des et est pas ne je tu il elle nous vous ils elles que qui dans pour sur avec au aux du ce cette ces mais ou donc mon ma mes ton ta tes son sa ses oui non bien très tout tous c'est j'ai qu'il n'est suis sont était ont avait y en se lui leur".split(
      ' ',
    ),
  ),
  es: new Set(
    'el la los las un una unos unas y es no que de en por para con se lo le les su sus mi mis tu yo él ella nosotros ellos pero como más muy bien sí está están estoy soy son era fue hay del al este esta eso qué cuando todo también ya'.split(
      ' ',
    ),
  ),
  en: new Set(
    "the and is are was were not you he she it we they i my your his her of to in on for with this that what have has had do does don't it's i'm be will would can there here just but so all".split(
      ' ',
    ),
  ),
};

const LATIN = /\p{Script=Latin}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;

/** The words of a text, lower-cased (apostrophes kept: "c'est", "don't"). */
const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .match(/[\p{L}'’]+/gu)
    ?.map((w) => w.replace(/’/g, "'")) ?? [];

/** The share of a text's letters in each script that matters here. */
function scriptShares(text: string): { cyrillic: number; latin: number } {
  let cyrillic = 0;
  let latin = 0;
  let letters = 0;
  for (const ch of text) {
    if (!/\p{L}/u.test(ch)) continue;
    letters++;
    if (CYRILLIC.test(ch)) cyrillic++;
    else if (LATIN.test(ch)) latin++;
  }
  return letters ? { cyrillic: cyrillic / letters, latin: latin / letters } : { cyrillic: 0, latin: 0 };
}

/** Letters looked at at most: a sample of the text tells its language as well as all of it. */
const SAMPLE_MAX = 20_000;

/**
 * Whether `text` looks like `language`: undefined when it does (or is too short to tell), else the reason.
 * A Latin-script text is refused when another language's frequent words are clearly more common in it
 * than the chosen one's (twice as many, and at least one word in ten).
 */
export function languageMismatch(text: string, language: LearningLanguage): string | undefined {
  const sample = text.length > SAMPLE_MAX ? `${text.slice(0, SAMPLE_MAX / 2)} ${text.slice(-SAMPLE_MAX / 2)}` : text;
  const words = wordsOf(sample);
  if (words.length < IMPORT_LANGUAGE_WORDS_MIN) return undefined;
  const { cyrillic, latin } = scriptShares(sample);
  if (language === 'ru') return cyrillic >= 0.5 ? undefined : M.wrongLanguage.ru;
  if (latin < 0.5) return M.wrongLanguage[language];
  const share = (set: ReadonlySet<string>) => words.filter((w) => set.has(w)).length / words.length;
  const own = share(FREQUENT[language]);
  const rival = Math.max(...Object.entries(FREQUENT).map(([code, set]) => (code === language ? 0 : share(set))));
  return rival >= 0.1 && rival > 2 * own ? M.wrongLanguage[language] : undefined;
}

/** Refuses (400) a text not in the language chosen. */
export function checkLanguage(paragraphs: readonly string[], language: LearningLanguage): void {
  const mismatch = languageMismatch(paragraphs.join('\n'), language);
  if (mismatch) throw new Refused(400, mismatch);
}
