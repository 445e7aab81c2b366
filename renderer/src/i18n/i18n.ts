/**
 * The renderer's words in every language: one i18next instance, English bundled (it is the
 * fallback, and the first paint never waits), every other language loaded when first asked for, one
 * file per namespace. Plurals and numbers go through Intl (i18next's `_one`/`_other` keys follow
 * Intl.PluralRules), so Arabic's six plural forms and Japanese's one need nothing special.
 */
import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isRtl, PSEUDO_LANGUAGE } from '../../../shared/languages.ts';
import { en, LAZY_ENGLISH, NAMESPACES, type Namespace } from './locales/en/index.ts';
import { pseudoCatalog, type Catalog } from './pseudo.ts';

export const i18n = i18next.createInstance();

/** The back office's namespaces: loaded with its screens, never for the counter's first paint. */
const BACK_OFFICE_NAMESPACES = Object.keys(LAZY_ENGLISH) as Namespace[];

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: false,
  resources: { en } as Resource,
  ns: NAMESPACES,
  defaultNS: 'common',
  // React escapes what it renders; escaping here would show &amp; on screen.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});

// Vite makes each file its own chunk: a language's namespaces arrive only when someone uses them.
const files = import.meta.glob<{ default: Catalog }>(['./locales/*/*.json', '!./locales/en/*.json']);

/** Whether `language` has its own file for `namespace` (English always does). */
export function hasCatalog(language: string, namespace: Namespace): boolean {
  return language === 'en' || language === PSEUDO_LANGUAGE || `./locales/${language}/${namespace}.json` in files;
}

const loading = new Map<string, Promise<void>>();

/** Loads what `language` has of `namespaces` (English fills any gap). Safe to call again. */
export function loadNamespaces(language: string, namespaces: readonly Namespace[]): Promise<void> {
  return Promise.all(
    namespaces.map((ns) => {
      const key = `${language}/${ns}`;
      let pending = loading.get(key);
      if (!pending) {
        pending = loadOne(language, ns);
        loading.set(key, pending);
        // A failed load (a chunk gone after an update) may be tried again later.
        pending.catch(() => loading.delete(key));
      }
      return pending;
    }),
  ).then(() => undefined);
}

async function loadOne(language: string, ns: Namespace): Promise<void> {
  // English fills every gap, so a namespace's English comes first, whatever the language.
  if (!i18n.hasResourceBundle('en', ns)) {
    const { default: catalog } = await LAZY_ENGLISH[ns as keyof typeof LAZY_ENGLISH]();
    i18n.addResourceBundle('en', ns, catalog as ResourceLanguage);
  }
  if (language === 'en' || i18n.hasResourceBundle(language, ns)) return;
  if (language === PSEUDO_LANGUAGE) {
    i18n.addResourceBundle(language, ns, pseudoCatalog(i18n.getResourceBundle('en', ns) as Catalog));
    return;
  }
  const file = files[`./locales/${language}/${ns}.json`];
  if (!file) return;
  const { default: catalog } = await file();
  i18n.addResourceBundle(language, ns, catalog as ResourceLanguage);
}

/** The back office's English, and its words in the language the screens speak now. */
export function loadBackOfficeWords(): Promise<void> {
  return loadNamespaces(i18n.language, BACK_OFFICE_NAMESPACES);
}

/**
 * Switches the counter's screens to `language`: its words once loaded, and the page's `lang` and
 * `dir` (Arabic mirrors the whole layout), so screen readers and fonts follow.
 */
export async function showLanguage(language: string, namespaces: readonly Namespace[]): Promise<void> {
  // The back office's words already loaded (in English at least) are wanted in the new language too.
  const backOffice = BACK_OFFICE_NAMESPACES.filter((ns) => i18n.hasResourceBundle('en', ns));
  await loadNamespaces(language, [...namespaces, ...backOffice]);
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
  }
}
