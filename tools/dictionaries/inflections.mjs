// Inflected forms from hunspell spelling dictionaries (npm dictionary-de/-fr/-es/-ru): every word of a
// .dic with its affix flags is expanded by the .aff rules (hunspell-reader), so "Sterne" -> "Stern",
// "mangeons" -> "manger", "casas" -> "casa", "кошки" -> "кошка". Done once here, not at run time.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IterableHunspellReader } from 'hunspell-reader';

/** Where npm put dictionary-<language> (its index.aff, index.dic and license). */
export const hunspellDir = (language) => path.dirname(fileURLToPath(import.meta.resolve(`dictionary-${language}`)));
/** A plain word: letters and inner hyphens only (hunspell-reader also yields "l’homme", "-ethik"). */
const PLAIN_WORD = /^\p{L}+(?:-\p{L}+)*$/u;

/**
 * Calls `link(form, lemma)` for each form of each dictionary word, the word itself included; the lemma
 * is the .dic word as written. Depth 3 covers a suffix, a prefix and a second suffix (e.g. Spanish enclitics).
 */
export async function expandInflections(language, link) {
  const dir = hunspellDir(language);
  const reader = await IterableHunspellReader.createFromFiles(path.join(dir, 'index.aff'), path.join(dir, 'index.dic'));
  reader.maxDepth = 3;
  let forms = 0;
  for (const words of reader.seqTransformDictionaryEntries()) {
    const lemma = words[0]?.dic.split('/')[0];
    if (!lemma || !PLAIN_WORD.test(lemma)) continue;
    for (const { word } of words) {
      // The word itself too: an irregular form is often a .dic word of its own ("fue", "лет").
      if (!PLAIN_WORD.test(word)) continue;
      link(word, lemma);
      forms++;
    }
  }
  return forms;
}
