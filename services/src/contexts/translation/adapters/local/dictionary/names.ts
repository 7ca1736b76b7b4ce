/** Russian letters in Latin script, the way English texts write Russian names (Маша -> Masha, Юля -> Yulya). */
const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

export function transliterate(text: string): string {
  return [...text.toLowerCase()].map((ch) => CYRILLIC_TO_LATIN[ch] ?? ch).join('');
}

const ROMAN: Readonly<Record<string, number>> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

/**
 * "xix" -> "19" (centuries in Russian and French texts: "XIX век", "XVIIe"). Only well-formed numerals
 * below 4000; "mix" or "dim" are not numerals.
 */
export function romanNumeral(key: string): string | undefined {
  if (!/^[ivxlcdm]+$/.test(key)) return undefined;
  let value = 0;
  for (let i = 0; i < key.length; i++) {
    const here = ROMAN[key[i]!]!;
    const next = ROMAN[key[i + 1] ?? ''] ?? 0;
    value += here < next ? -here : here;
  }
  return value > 0 && value < 4000 && toRoman(value) === key ? String(value) : undefined;
}

function toRoman(value: number): string {
  const table: [number, string][] = [
    [1000, 'm'],
    [900, 'cm'],
    [500, 'd'],
    [400, 'cd'],
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ];
  let out = '';
  for (const [n, s] of table) {
    while (value >= n) {
      out += s;
      value -= n;
    }
  }
  return out;
}
