// Russian perfective verbs the Mueller dictionary lacks: it translates English verbs with imperfectives
// ("include: включать"), so "включить", "приехать", "защитить" have no entry of their own. A perfective
// means what its imperfective partner means, and the partner is found by the regular ways Russian makes
// one aspect from the other; a candidate counts only if the dictionary has it.

/** Consonant changes before the imperfective suffix: защитить -> защищать, ответить -> отвечать. */
const ALTERNATIONS = [
  ['ст', 'щ'],
  ['т', 'щ'],
  ['т', 'ч'],
  ['д', 'жд'],
  ['д', 'ж'],
  ['с', 'ш'],
  ['з', 'ж'],
  ['к', 'ч'],
  ['б', 'бл'],
  ['в', 'вл'],
  ['п', 'пл'],
  ['м', 'мл'],
  ['ф', 'фл'],
];
/** Prefixes that make a perfective of an unprefixed imperfective: написать -> писать, выпить -> пить. */
const PREFIXES = [
  'пере',
  'под',
  'при',
  'про',
  'раз',
  'рас',
  'воз',
  'вз',
  'вы',
  'до',
  'за',
  'из',
  'ис',
  'на',
  'об',
  'от',
  'по',
  'со',
  'съ',
  'во',
  'в',
  'о',
  'с',
  'у',
];

function candidates(verb) {
  const out = [];
  // Verbs of going: прийти -> приходить, войти -> входить; пойти is идти's perfective.
  if (verb.endsWith('йти')) {
    const prefix = verb.slice(0, -3);
    if (prefix === 'по') out.push('идти');
    else out.push(`${prefix.length > 1 && prefix.endsWith('о') ? prefix.slice(0, -1) : prefix}ходить`);
  }
  if (verb.endsWith('ехать')) out.push(`${verb.slice(0, -5)}езжать`); // приехать -> приезжать
  if (verb.endsWith('чать')) out.push(`${verb.slice(0, -4)}чинать`); // начать -> начинать
  if (verb.endsWith('ить')) {
    const stem = verb.slice(0, -3);
    out.push(`${stem}ать`, `${stem}ять`, `${stem}ивать`);
    for (const [from, to] of ALTERNATIONS) if (stem.endsWith(from)) out.push(`${stem.slice(0, -from.length)}${to}ать`);
  }
  if (verb.endsWith('ать') || verb.endsWith('ять')) out.push(`${verb.slice(0, -3)}ывать`, `${verb.slice(0, -3)}ивать`);
  if (verb.endsWith('сти')) out.push(`${verb.slice(0, -3)}стать`); // вырасти -> вырастать
  for (const prefix of PREFIXES) if (verb.startsWith(prefix) && verb.length - prefix.length >= 3) out.push(verb.slice(prefix.length));
  return out;
}

/** The imperfective partners to try for a verb (reflexive "-ся" kept on both sides), best first. */
export function imperfectiveCandidates(verb) {
  const reflexive = /(ся|сь)$/.test(verb);
  const base = reflexive ? verb.slice(0, -2) : verb;
  if (!/(ть|ти|чь)$/.test(base)) return [];
  const found = candidates(base);
  return reflexive ? [...found.map((c) => `${c}ся`), ...found] : found;
}

/** Prefixes that make a perfective and add nothing else (написать, сделать, прочитать, посмотреть). */
const EMPTY_PREFIXES = ['про', 'на', 'по', 'с'];

/**
 * The partners that surely mean the same as the perfective, for a verb that has glosses of its own: an
 * empty prefix taken off, or a verb of going (прийти -> приходить). Not the other candidates: a verb with
 * glosses of its own must not take "пять" (five) as the partner of "пить".
 */
export function sureImperfectives(verb) {
  const reflexive = /(ся|сь)$/.test(verb);
  const base = reflexive ? verb.slice(0, -2) : verb;
  const sure = [];
  if (base.endsWith('йти')) sure.push(...candidates(base).slice(0, 1));
  for (const prefix of EMPTY_PREFIXES)
    if (base.startsWith(prefix) && base.length - prefix.length >= 5 && /[аеиоуыэюя]/.test(base.slice(prefix.length, -2)))
      sure.push(base.slice(prefix.length));
  return reflexive ? sure.map((c) => `${c}ся`) : sure;
}
