// Russian perfective verbs the Mueller dictionary lacks: it translates English verbs with imperfectives
// ("include: включать"), so "включить", "приехать", "защитить" have no entry of their own. A perfective
// means what its imperfective partner means, and the partner is found by the regular ways Russian makes
// one aspect from the other; a candidate counts only if the dictionary has it.

/** Consonant changes before the imperfective suffix: защитить -> защищать, ответить -> отвечать. */
const ALTERNATIONS = [
  ['ст', 'щ'], ['т', 'щ'], ['т', 'ч'], ['д', 'жд'], ['д', 'ж'], ['с', 'ш'], ['з', 'ж'], ['к', 'ч'],
  ['б', 'бл'], ['в', 'вл'], ['п', 'пл'], ['м', 'мл'], ['ф', 'фл'],
];
/** Prefixes that make a perfective of an unprefixed imperfective: написать -> писать, выпить -> пить. */
const PREFIXES = ['пере', 'под', 'при', 'про', 'раз', 'рас', 'воз', 'вз', 'вы', 'до', 'за', 'из', 'ис', 'на', 'об', 'от', 'по', 'со', 'съ', 'во', 'в', 'о', 'с', 'у'];

function candidates(verb) {
  const out = [];
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
