// Translation completeness: every key of the English catalogue exists in every language that must
// have it, with the plural forms that language's grammar needs (Intl.PluralRules), the same
// placeholders, and nothing left over. A missing word would show as English; a wrong placeholder
// as a raw {{name}}.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_LANGUAGES, UI_LANGUAGES } from '../../../../../shared/languages.ts';
import {
  CUSTOMER_NAMESPACES,
  NAMESPACES,
  UI_NAMESPACES,
  type Namespace,
} from '../../../../../renderer/src/i18n/locales/en/index.ts';

const root = path.resolve(import.meta.dirname, '../../../../../renderer/src/i18n/locales');
type Catalog = { [key: string]: string | Catalog };

const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!).sort();

/** What `language` must hold for the English keys: plural keys expanded to its own categories. */
function expectedKeys(english: Map<string, string>, language: string): Map<string, string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const out = new Map<string, string>();
  for (const [key, text] of english) {
    const plural = PLURAL.exec(key);
    if (!plural) out.set(key, text);
    else if (plural[1] === 'other') {
      const base = key.slice(0, -'_other'.length);
      for (const category of categories) out.set(`${base}_${category}`, text);
    }
  }
  return out;
}

function read(language: string, ns: Namespace): Catalog | null {
  const file = path.join(root, language, `${ns}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Catalog) : null;
}

const cases = [
  ...UI_NAMESPACES.flatMap((ns) => UI_LANGUAGES.filter((l) => l !== 'en').map((language) => ({ ns, language }))),
  ...CUSTOMER_NAMESPACES.flatMap((ns) => CUSTOMER_LANGUAGES.filter((l) => l !== 'en').map((language) => ({ ns, language }))),
];

describe('every language has every word', () => {
  it('English plural keys come in one/other pairs', () => {
    for (const ns of NAMESPACES) {
      const keys = [...flatten(read('en', ns)!).keys()];
      for (const key of keys.filter((k) => k.endsWith('_one')))
        expect(keys, `${ns}:${key}`).toContain(key.replace(/_one$/, '_other'));
    }
  });

  it.each(cases)('$language/$ns.json holds the English keys, plural forms and placeholders', ({ ns, language }) => {
    // English read from its file, as every other language: some of it is bundled, the back office's is not.
    const english = flatten(read('en', ns)!);
    const catalog = read(language, ns);
    if (english.size === 0) return;
    expect(catalog, `renderer/src/i18n/locales/${language}/${ns}.json is missing`).not.toBeNull();
    const translated = flatten(catalog!);
    const expected = expectedKeys(english, language);
    expect(
      [...translated.keys()].filter((k) => !expected.has(k)),
      'keys English does not have',
    ).toEqual([]);
    expect(
      [...expected.keys()].filter((k) => !translated.has(k)),
      'keys not translated',
    ).toEqual([]);
    for (const [key, source] of expected) {
      const text = translated.get(key)!;
      expect(text.trim(), `${language}/${ns}:${key} is empty`).not.toBe('');
      // A plural form may leave the number out ("one digit"), never add or lose another placeholder.
      const wanted = placeholders(source).filter((p) => !(PLURAL.test(key) && p === 'count'));
      const got = placeholders(text).filter((p) => !(PLURAL.test(key) && p === 'count'));
      expect(got, `${language}/${ns}:${key} placeholders`).toEqual(wanted);
    }
  });

  it('no language has a namespace the app does not know', () => {
    for (const language of fs.readdirSync(root).filter((d) => fs.statSync(path.join(root, d)).isDirectory())) {
      expect([...CUSTOMER_LANGUAGES, 'en'], `locales/${language}`).toContain(language);
      for (const file of fs.readdirSync(path.join(root, language)).filter((f) => f.endsWith('.json'))) {
        expect(NAMESPACES as readonly string[], `locales/${language}/${file}`).toContain(file.replace(/\.json$/, ''));
        if (!(CUSTOMER_NAMESPACES as readonly string[]).includes(file.replace(/\.json$/, '')))
          expect(UI_LANGUAGES as readonly string[], `locales/${language}/${file}: not a UI language`).toContain(language);
      }
    }
  });
});
