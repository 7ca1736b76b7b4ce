/**
 * German separable verbs (issue 38.3): a saved verb like "aufstehen" is found where a sentence splits it,
 * "Er steht jeden Morgen um sechs auf", and both parts are painted as that entry. Pure: over the page's word
 * keys, the text between them and the base words the analyser gives (the server's word families).
 *
 * The rule, kept narrow so that "Er steht auf dem Tisch" is no "aufstehen":
 * - the entry is a particle and a verb's infinitive ("auf" + "stehen", "zurück" + "kommen");
 * - the particle ends its clause: punctuation follows it (, . ; : ! ? a dash, a bracket or quote) or the page ends;
 * - a word before it in the same sentence has that verb as its base word ("steht", "stand", "stehe" -> "stehen");
 *   the nearest such word is the verb.
 */

/** Separable particles, longest first (so "zurück" is tried before "zu"). */
export const SEPARABLE_PARTICLES = [
  'zusammen',
  'entgegen',
  'zurück',
  'vorbei',
  'weiter',
  'heraus',
  'herein',
  'hinaus',
  'hinein',
  'herum',
  'kennen',
  'wieder',
  'statt',
  'fest',
  'fort',
  'heim',
  'teil',
  'nach',
  'auf',
  'aus',
  'ein',
  'mit',
  'vor',
  'weg',
  'los',
  'her',
  'hin',
  'ab',
  'an',
  'bei',
  'um',
  'zu',
] as const;

const ENTRY = new RegExp(`^(${SEPARABLE_PARTICLES.join('|')})(\\p{L}{2,}(?:en|ern|eln))$`, 'u');

/** A saved entry's particle and verb ("aufstehen" -> auf + stehen), or null when it is no separable verb. */
export function splitSeparable(entry: string): { particle: string; verb: string } | null {
  const match = ENTRY.exec(entry);
  return match ? { particle: match[1] as string, verb: match[2] as string } : null;
}

/** Text between two words that ends a sentence. */
const SENTENCE_END = /[.!?;:]/u;
/** Text after a particle that ends its clause. */
const CLAUSE_END = /[,.;:!?\-–—)\]»«„“”"]/u;

/** One split occurrence: the entry ("aufstehen"), its verb's word and its particle's word (indices into the page's words). */
export interface SeparableMatch {
  key: string;
  verb: number;
  particle: number;
}

/** The particles of `entries` (saved words) that are separable verbs, each with its verbs: particle -> verb -> entry. */
function byParticle(entries: Iterable<string>): Map<string, Map<string, string>> {
  const found = new Map<string, Map<string, string>>();
  for (const entry of entries) {
    const parts = splitSeparable(entry);
    if (!parts) continue;
    const verbs = found.get(parts.particle) ?? new Map<string, string>();
    verbs.set(parts.verb, entry);
    found.set(parts.particle, verbs);
  }
  return found;
}

/**
 * Visits every particle of a saved separable verb that ends its clause, with the index of its sentence's first
 * word. `words` are the page's word keys; `gaps[i]` the text between word i and word i + 1.
 */
function eachParticle(
  words: readonly string[],
  gaps: readonly string[],
  particles: ReadonlyMap<string, unknown>,
  visit: (particle: number, sentenceStart: number) => void,
): void {
  let start = 0;
  words.forEach((word, j) => {
    const after = gaps[j];
    if (particles.has(word) && (after === undefined || CLAUSE_END.test(after))) visit(j, start);
    if (after !== undefined && SENTENCE_END.test(after)) start = j + 1;
  });
}

/** The words whose base word the page needs asked for: those before a particle of a saved separable verb in its sentence. */
export function separableLookups(words: readonly string[], gaps: readonly string[], entries: Iterable<string>): string[] {
  const particles = byParticle(entries);
  const wanted = new Set<string>();
  if (particles.size === 0) return [];
  eachParticle(words, gaps, particles, (j, start) => {
    for (let i = start; i < j; i++) wanted.add(words[i] as string);
  });
  return [...wanted];
}

/** The split occurrences of the saved separable verbs among `entries`, given each word's base word. */
export function matchSeparable(
  words: readonly string[],
  gaps: readonly string[],
  bases: ReadonlyMap<string, string>,
  entries: Iterable<string>,
): SeparableMatch[] {
  const particles = byParticle(entries);
  const found: SeparableMatch[] = [];
  if (particles.size === 0 || bases.size === 0) return found;
  eachParticle(words, gaps, particles, (j, start) => {
    const verbs = particles.get(words[j] as string) as Map<string, string>;
    for (let i = j - 1; i >= start; i--) {
      const key = verbs.get(bases.get(words[i] as string) ?? '');
      if (!key) continue;
      found.push({ key, verb: i, particle: j });
      return;
    }
  });
  return found;
}
