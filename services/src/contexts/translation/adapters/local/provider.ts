import type { LearningLanguage } from '@verba/contracts';
import { GLOSSARIES } from './glossaries/index';
import { lookupKey, MAX_PHRASE_WORDS, phraseKeys, tokenize, translateByLookup } from './glossary-text';
import { moderateLocally } from './moderation';
import { sharedDictionaries, type Dictionaries } from './dictionary/dictionaries';
import { lookUpWord, type Lexicon } from './dictionary/lookup';
import type { TranslationMemory } from '../../domain/memory';
import type { Translation, TranslationProvider } from '../port';

/** Glosses shown for one word. */
const MAX_GLOSSES = 4;
/** The dictionaries and glossaries translate into English only. */
const intoEnglish = (locale: string) => locale.split('-')[0] === 'en';

/**
 * A word of a sentence glossed by the dictionary: its best gloss, looked up as written (a German capital
 * tells the noun "Essen" from the verb "essen"); a phrase: its entry's best gloss.
 */
function dictionaryGloss(dictionary: Lexicon, language: LearningLanguage, key: string, written: string): string | undefined {
  return key.includes(' ') ? dictionary.get(key)?.glosses[0] : lookUpWord(dictionary, language, written)?.glosses[0];
}

/**
 * The embedded default. A text translated before (by the AI) comes from the translation memory. Otherwise
 * a word is looked up in the offline dictionary (through its lemma, its parts, or as a name; the small
 * glossaries shipped with the demo content after it), a phrase as a whole, and a longer text is glossed
 * word by word: memory, glossary, then dictionary per word or phrase. It cannot follow a prompt.
 */
export function createLocalProvider(memory: TranslationMemory, dictionaries: Dictionaries = sharedDictionaries): TranslationProvider {
  return {
    name: 'local',
    async translate({ text, locale, sourceLanguage, context }): Promise<Translation | undefined> {
      const remembered = await memory.find(sourceLanguage ?? '', locale, [text, ...phraseKeys(text)]);
      const whole = remembered.get(lookupKey(text));
      if (whole !== undefined) return { text: whole, source: 'memory' };
      if (!sourceLanguage || !intoEnglish(locale)) return undefined;
      const dictionary = await dictionaries.get(sourceLanguage);
      const glossary = GLOSSARIES[sourceLanguage];
      const words = tokenize(text).filter((t) => t.word);
      const key = lookupKey(words.map((w) => w.text).join(' '));

      if (words.length === 1) {
        // The whole text, not the token: the reader's word keeps what the key needs ("l'", "qu'").
        const meaning = lookUpWord(dictionary, sourceLanguage, text.trim(), context);
        // The demo glossary's word first: it was written for these texts ("Uhr": o'clock, before "clock").
        const glosses = [...new Set([glossary[key], ...(meaning?.glosses ?? [])].filter((g) => g !== undefined))].slice(0, MAX_GLOSSES);
        if (!glosses.length) return undefined;
        return { text: glosses.join('; '), source: 'dictionary', ...(meaning?.lemma ? { lemma: meaning.lemma } : {}) };
      }
      const phrase = words.length <= MAX_PHRASE_WORDS ? (glossary[key] ?? dictionary.get(key)?.glosses.join('; ')) : undefined;
      if (phrase) return { text: phrase, source: 'dictionary' };

      const { translation, known } = translateByLookup(
        text,
        (k, written) => remembered.get(k) ?? glossary[k] ?? dictionaryGloss(dictionary, sourceLanguage, k, written),
      );
      // No word of the text is known anywhere: nothing to offer, and nothing failed.
      return known === 0 ? undefined : { text: translation, source: 'gloss' };
    },
    async checkArticle({ name, content }) {
      return moderateLocally(name, content);
    },
  };
}
