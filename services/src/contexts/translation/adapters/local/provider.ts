import { GLOSSARIES } from './glossaries/index';
import { lookupKey, phraseKeys, translateByLookup } from './glossary-text';
import { moderateLocally } from './moderation';
import type { TranslationMemory } from '../../domain/memory';
import type { TranslationProvider } from '../port';

/**
 * The embedded default: the translation memory (everything translated before) first, then the glossaries
 * shipped with the demo content, phrase by phrase. It cannot follow a prompt; it translates the text.
 */
export function createLocalProvider(memory: TranslationMemory): TranslationProvider {
  return {
    name: 'local',
    async translate({ text, locale, sourceLanguage }) {
      const remembered = await memory.find(sourceLanguage ?? '', locale, [text, ...phraseKeys(text)]);
      const whole = remembered.get(lookupKey(text));
      if (whole !== undefined) return whole;
      // The glossaries translate into English only.
      const glossary = sourceLanguage && locale.split('-')[0] === 'en' ? GLOSSARIES[sourceLanguage] : undefined;
      const { translation, known } = translateByLookup(text, (key) => remembered.get(key) ?? glossary?.[key]);
      // No word of the text is in the glossary or the memory: nothing to offer, and nothing failed.
      return known === 0 ? undefined : translation;
    },
    async checkArticle({ name, content }) {
      return moderateLocally(name, content);
    },
  };
}
