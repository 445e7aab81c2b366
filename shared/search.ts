/**
 * Ranked, typo-tolerant search shared by the catalogue, the country picker and the device check
 * (the names of places are in places.ts). Indexes are built once per data refresh (MiniSearch, BM25
 * with prefix and fuzzy matching) and queried per keystroke. No node: imports: the renderer uses it too.
 */
import MiniSearch, { type Options, type SearchOptions } from 'minisearch';

/**
 * Lower case without accents, in any script, so a clerk finds a place however it is typed:
 * "Curaçao" and "curacao", "ＵＫ" and "uk", "إسبانيا" and "اسبانيا" (hamza and short vowels are
 * often left out), "すぺいん" and "スペイン" (a Japanese input method shows hiragana until the word
 * is converted). Kana keep their voicing marks: "ペ" is not "ヘ".
 */
export function fold(text: string): string {
  // Most of what is indexed is plain English: the long way only for the rest.
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(LATIN_MARKS, '')
    .replace(ARABIC_MARKS, '')
    .replace(/[\u3041-\u3096]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) + 0x60))
    .normalize('NFC')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0649/g, '\u064a')
    .replace(/\u0629/g, '\u0647')
    .toLowerCase();
}

const ASCII = /^[\x20-\x7e]*$/;
const LATIN_MARKS = /[\u0300-\u036f]/g;
// Short vowels, shadda, sukun, the hamza written above or below a letter, and the tatweel.
const ARABIC_MARKS = /\u0640|\u0670|[\u064b-\u065f]/g;

// Words in any script and decimal numbers with their unit ("1.5", "1.5gb"); everything else separates.
const WORD = /[\p{L}\p{M}\p{N}]+(?:\.[0-9]+\p{L}*)?/gu;

function words(text: string): string[] {
  return fold(text).match(WORD) ?? [];
}

/** A name as a comparable key: "Côte d’Ivoire" and "cote d ivoire" are one key. */
export function nameKey(text: string): string {
  return words(text).join(' ');
}

/**
 * Index-side tokens: every word, plus a word written together with the number after it, so that a
 * clerk typing "pixel8", "pixel7a" or "iphone15" finds "Pixel 8", "Pixel 7a" and "iPhone 15". Only
 * that direction: joining "15 Pro" or "Pro Max" would let the prefix "pro" favour "Pro Max" over "Pro".
 */
export function indexTokens(text: string): string[] {
  const ws = words(text);
  const out = [...ws];
  for (let i = 1; i < ws.length; i++) {
    const [prev, next] = [ws[i - 1] ?? '', ws[i] ?? ''];
    if (/^\d/.test(next) && /^[a-z]+$/.test(prev)) out.push(prev + next);
  }
  return out;
}

/**
 * Query-side terms: "5 GB", "5gb" and "5 gig" become "5gb"; "30 days", "30 day" and "30d" become
 * "30d"; a decimal comma becomes a point. These match the tokens of dataToken and daysToken. A
 * number inside a model number is none of these: "G020D" and "SM-S918D" stay whole.
 */
export function queryTerms(query: string): string[] {
  const text = fold(query)
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/(?<![\p{L}\p{N}.])(\d+(?:\.\d+)?)\s*(?:gb|gigs?|gigabytes?)(?![a-z])/gu, ' $1gb ')
    .replace(/(?<![\p{L}\p{N}.])(\d+(?:\.\d+)?)\s*(?:mb|megs?|megabytes?)(?![a-z])/gu, ' $1mb ')
    .replace(/(?<![\p{L}\p{N}.])(\d+)\s*(?:days?|d)(?![a-z])/gu, ' $1d ');
  return text.match(WORD) ?? [];
}

/** "1 GB" → "1gb", "500 MB" → "500mb", unlimited → "unlimited". */
export function dataToken(dataText: string, isUnlimited: boolean): string {
  if (isUnlimited) return 'unlimited';
  return queryTerms(dataText).join('');
}

export function daysToken(days: number): string {
  return `${days}d`;
}

// Typos are forgiven in words, never in numbers or codes: "15" must not find "13", nor "us" "uk";
// nor in Chinese characters or kana, where one sign more or less is another word.
function fuzziness(term: string): number | false {
  if (/\d/.test(term) || term.length < 4 || CJK.test(term)) return false;
  // Two edits from five letters on: a swapped pair ("frnace", "eurpoe") is two edits.
  return term.length < 5 ? 1 : 2;
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/**
 * Whether a typed word is `word` with no more typos than the search forgives it ("ipone" for
 * "iphone", "samsnug" for "samsung"); numbers and short words must be exact. Both folded already.
 */
export function isTypoOf(typed: string, word: string): boolean {
  const most = fuzziness(typed);
  if (most === false) return typed === word;
  return Math.abs(typed.length - word.length) <= most && editDistance(typed, word) <= most;
}

/** Edits between two words, a swap of neighbours counting as one (optimal string alignment). */
function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
    }
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

export type IndexOptions<T> = {
  readonly fields: readonly string[];
  readonly boost?: Readonly<Record<string, number>>;
  readonly extract: (doc: T, field: string) => string;
};

/** A search over documents addressed by their position in `docs`. */
export type RankedIndex<T> = {
  readonly docs: readonly T[];
  /** Best first; ties keep the order of `docs`. An empty query gives nothing: callers list instead. */
  search(query: string, filter?: (doc: T) => boolean): T[];
};

export function buildIndex<T>(docs: readonly T[], options: IndexOptions<T>): RankedIndex<T> {
  const miniOptions: Options<{ i: number }> = {
    idField: 'i',
    fields: [...options.fields],
    extractField: (row, field) => (field === 'i' ? row.i : options.extract(docs[row.i] as T, field)) as string,
    processTerm: (term) => term,
    searchOptions: { tokenize: queryTerms, processTerm: (term) => term },
  };
  // Every word of the index, for untangle; gathered while indexing rather than tokenizing twice.
  const vocabulary = new Set<string>();
  const mini = new MiniSearch<{ i: number }>({
    ...miniOptions,
    tokenize: (text) => {
      const tokens = indexTokens(text);
      for (const t of tokens) vocabulary.add(t);
      return tokens;
    },
  });
  mini.addAll(docs.map((_, i) => ({ i })));

  return {
    docs,
    search(rawQuery, filter) {
      const terms = queryTerms(rawQuery).map((t) => untangle(t, vocabulary));
      if (terms.length === 0) return [];
      const query = terms.join(' ');
      const base: SearchOptions = {
        boost: { ...options.boost },
        fuzzy: fuzziness,
        // A word as typed, or begun, outweighs one reached through a typo, even in a field that
        // weighs more: "bali" is the Bali among Indonesia's other names before Mali's own name.
        weights: { fuzzy: 0.2, prefix: 0.375 },
        // Only the word being typed is a prefix; finished words must match whole (or nearly).
        prefix: (_term, i, all) => i === all.length - 1,
        filter: filter ? (r) => filter(docs[r.id as number] as T) : undefined,
      };
      // Every word must match; when a typo leaves nothing, the best partial matches still help.
      let hits = mini.search(query, { ...base, combineWith: 'AND' });
      if (hits.length === 0 && terms.length > 1) hits = mini.search(query, { ...base, combineWith: 'OR' });
      hits.sort((a, b) => b.score - a.score || (a.id as number) - (b.id as number));
      return hits.map((h) => docs[h.id as number] as T);
    },
  };
}

/**
 * Two swapped letters ("spian") are two edits to the fuzzy match, as far from "spain" as "sudan" is;
 * the commonest typo deserves better, so a swap that gives a known word is undone first.
 */
function untangle(term: string, vocabulary: ReadonlySet<string>): string {
  if (term.length < 4 || /\d/.test(term) || vocabulary.has(term)) return term;
  for (let i = 0; i < term.length - 1; i++) {
    const swapped = term.slice(0, i) + term.charAt(i + 1) + term.charAt(i) + term.slice(i + 2);
    if (vocabulary.has(swapped)) return swapped;
  }
  return term;
}
