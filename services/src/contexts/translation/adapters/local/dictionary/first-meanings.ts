import type { LearningLanguage } from '@verba/contracts';
import type { WordMeanings } from '../../../../../platform/module';
import { sharedDictionaries, type Dictionaries } from './dictionaries';
import { lookUpWord } from './lookup';

/**
 * Words' first senses from the offline dictionaries: the key's own sense, else (German) the noun's under its
 * capitalized key ("katze" has none of its own, only a link to "katz": "Katze", cat), else as the word panel's
 * look-up finds it (a form through its dictionary form, ё as е, a compound's parts). Each look-up reads one
 * block of the on-disk index; a dictionary that cannot be opened leaves the words without a sense.
 */
export function dictionaryWordMeanings(dictionaries: Dictionaries = sharedDictionaries): WordMeanings {
  return {
    async firstMeanings(language: LearningLanguage, words: readonly string[]) {
      const found = new Map<string, string>();
      const dictionary = await dictionaries.get(language).catch(() => undefined);
      if (!dictionary) return found;
      for (const word of new Set(words)) {
        const own = dictionary.get(word)?.glosses[0];
        const noun = language === 'de' ? dictionary.get(word.charAt(0).toUpperCase() + word.slice(1))?.glosses[0] : undefined;
        const looked = (own ?? noun) ? undefined : lookUpWord(dictionary, language, word);
        // A name found by its spelling is no sense: the word stands for itself.
        const sense = own ?? noun ?? (looked && looked.kind !== 'name' ? looked.glosses[0] : undefined);
        if (sense) found.set(word, sense);
      }
      return found;
    },
  };
}
