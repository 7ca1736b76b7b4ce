// Lemmas from Apertium's morphological analysers (Debian apertium-* packages, run with lttoolbox's
// lt-proc): they know the irregular forms hunspell lists as words of their own, "fue" -> ser/ir,
// "лет" -> год, "yeux" -> œil, "darle" -> dar.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

/** package and analyser file (under /usr/share/apertium/<package>/) per language; German has none here. */
export const ANALYZERS = {
  fr: { pkg: 'apertium-fr-es', file: 'fr-es.automorf.bin' },
  es: { pkg: 'apertium-eng-spa', file: 'spa-eng.automorf.bin' },
  ru: { pkg: 'apertium-rus-ukr', file: 'rus-ukr.automorf.bin' },
};

/**
 * The lemmas of one lt-proc output line such as `^fue/ir<vblex><ifi><p3><sg>/ser<vbser>...$`:
 * ["ir", "ser"]. Tags, enclitics ("+prpers<prn>"), multiword marks ("#") and homonym numbers ("год²")
 * are dropped; an unknown word (`^parce/*parce$`) has none.
 */
export function lemmasOf(line) {
  const tokens = [...line.matchAll(/\^([^$]*)\$/g)];
  if (tokens.length !== 1) return [];
  const [, ...readings] = tokens[0][1].split('/');
  const lemmas = [];
  for (const reading of readings) {
    if (reading.startsWith('*')) continue;
    const lemma = reading
      .split('+')[0]
      .replace(/<[^>]*>/g, '')
      .replace(/#/g, '')
      .replace(/[¹²³⁴⁵⁶⁷⁸⁹⁰]/g, '')
      .trim()
      .toLowerCase();
    if (lemma && !lemmas.includes(lemma)) lemmas.push(lemma);
  }
  return lemmas;
}

/** Apertium's tags of a verb reading: lexical verbs, ser/estar/être, haber/avoir, modals, auxiliaries. */
const VERB_TAGS = /^<(?:vblex|vbser|vbhaver|vbmod|vaux)>/;

/**
 * The lemmas of one lt-proc output line with what they are: `verb` when the reading is a verb form
 * ("puedo": poder<vbmod>), not a noun's or an adjective's.
 */
export function readingsOf(line) {
  const tokens = [...line.matchAll(/\^([^$]*)\$/g)];
  if (tokens.length !== 1) return [];
  const readings = [];
  for (const reading of tokens[0][1].split('/').slice(1)) {
    const [lemma] = lemmasOf(`^x/${reading}$`);
    const tags = reading.split('+')[0].replace(/^[^<]*/, '');
    if (lemma && !readings.some((r) => r.lemma === lemma && r.verb === VERB_TAGS.test(tags)))
      readings.push({ lemma, verb: VERB_TAGS.test(tags) });
  }
  return readings;
}

/** Runs `words` through the analyser of `language` and calls `onLemmas(word, lemmas, readings)` for each. */
export async function analyze(sources, language, words, onLemmas) {
  const { pkg, file } = ANALYZERS[language];
  const bin = path.join(sources, pkg, 'usr/share/apertium', pkg, file);
  const child = spawn('lt-proc', [bin], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lt-proc exited with ${code}`))));
  });
  const list = [...words];
  const reading = (async () => {
    let i = 0;
    for await (const line of readline.createInterface({ input: child.stdout })) {
      if (i < list.length) onLemmas(list[i], lemmasOf(line), readingsOf(line));
      i++;
    }
  })();
  for (const word of list) {
    if (!child.stdin.write(`${word}\n`)) await new Promise((resolve) => child.stdin.once('drain', resolve));
  }
  child.stdin.end();
  await Promise.all([reading, exited]);
}
