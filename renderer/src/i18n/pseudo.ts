/**
 * The pseudo-locale (en-XA): English with accented letters, about 40 % longer, in brackets. Text cut
 * by a box shows a missing bracket; text left in plain English was never translated. Placeholders
 * ({{name}}) and nesting ($t(…)) pass through untouched so the strings still work.
 */
const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ď',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ŧ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ď',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ŧ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

const PROTECTED = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]+>)/;

export function pseudoString(text: string): string {
  const parts = text.split(PROTECTED);
  let letters = 0;
  const body = parts
    .map((part, index) => {
      if (index % 2 === 1) return part;
      return part.replace(/[A-Za-z]/g, (ch) => {
        letters++;
        return ACCENTED[ch] ?? ch;
      });
    })
    .join('');
  // About 40 % more: what German and Finnish add to English on average, and then some. In words
  // of a German word's length, so a long sentence wraps as a real one does instead of running on
  // in one unbreakable line no language has.
  const padding = '~'.repeat(Math.ceil(letters * 0.4)).replace(/~{8}(?=~)/g, '$& ');
  return `[${body}${padding ? ` ${padding}` : ''}]`;
}

export type Catalog = { readonly [key: string]: string | Catalog };

export function pseudoCatalog<T extends Catalog>(catalog: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(catalog))
    out[key] = typeof value === 'string' ? pseudoString(value) : pseudoCatalog(value);
  return out as T;
}
