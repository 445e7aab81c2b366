/**
 * The languages of the counter's screens (the clerk's and the manager's) and of the customer's side
 * (the customer display, the printed voucher, the install steps). Codes are BCP 47 tags; each
 * language's own name comes from Intl.DisplayNames, so no list of names is kept here.
 */

/** The clerk's and the manager's screens: every key of every screen exists in each of these. */
export const UI_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'ja', 'zh-CN', 'ar'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** The customer's side: the screens' languages and more that travellers to and from the counter speak. */
export const CUSTOMER_LANGUAGES = [...UI_LANGUAGES, 'ko', 'ru', 'tr', 'nl', 'pl', 'th', 'hi', 'id'] as const;
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];

/**
 * A pseudo-locale (accented, longer English in brackets) for finding text that is cut or overflows
 * and words left untranslated. Never offered to staff; a test or a translator opens it with ?lang=en-XA.
 */
export const PSEUDO_LANGUAGE = 'en-XA';

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);

/** Whether the language is written right to left (the whole layout is mirrored). */
export function isRtl(language: string): boolean {
  return RTL_LANGUAGES.has(language.split('-')[0]!.toLowerCase());
}

export function isUiLanguage(value: string): value is UiLanguage {
  return (UI_LANGUAGES as readonly string[]).includes(value);
}

export function isCustomerLanguage(value: string): value is CustomerLanguage {
  return (CUSTOMER_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The best of `available` for what a person (or a browser, or an OS) prefers, in order: an exact tag
 * first, then the same language with another region ("pt-BR" → "pt", "zh-Hans-CN" → "zh-CN"),
 * else `fallback`.
 */
export function matchLanguage<L extends string>(preferred: readonly string[], available: readonly L[], fallback: L): L {
  const byLower = new Map(available.map((code) => [code.toLowerCase(), code]));
  for (const wanted of preferred) {
    const tag = wanted.trim().replace(/_/g, '-').toLowerCase();
    if (!tag) continue;
    const exact = byLower.get(tag);
    if (exact) return exact;
    const base = tag.split('-')[0]!;
    // Chinese in traditional script is not Simplified Chinese: leave it for the next preference.
    if (base === 'zh' && /-(hant|tw|hk|mo)(-|$)/.test(tag)) continue;
    const same = available.find((code) => code.toLowerCase().split('-')[0] === base);
    if (same) return same;
  }
  return fallback;
}

/** A language's name in that language ("Deutsch", "日本語"), for pickers a speaker must find. */
export function endonym(language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
    // Intl gives the first letter in the language's own case rules ("español"): a menu entry starts upper case.
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    return language;
  }
}

/** The machine's own locale: the store's until a manager says otherwise. */
export function machineLocale(): string {
  const locale = Intl.DateTimeFormat().resolvedOptions().locale;
  // With no locale in the environment (LANG unset) ICU answers "und": a store needs a real one.
  return locale && locale !== 'und' && Intl.DateTimeFormat.supportedLocalesOf([locale]).length === 1 ? locale : 'en-US';
}

/** A country or territory's name from its ISO code in `names` (Intl.DisplayNames of type region); the code where it has none. */
export function regionName(names: Intl.DisplayNames, code: string): string {
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
