/**
 * A back-office panel's words kept out of the first paint (LAZY_NAMESPACES), English too: they
 * come with the panel's chunk, when it shows, in English (every language's fallback) and the
 * reader's language.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceLanguage } from 'i18next';
import { PSEUDO_LANGUAGE } from '../../../../shared/languages.ts';
import { i18n } from '../../i18n/i18n.ts';
import type { LazyNamespace } from '../../i18n/locales/en/index.ts';
import { pseudoCatalog, type Catalog } from '../../i18n/pseudo.ts';

// One pattern per lazy namespace; each file its own chunk.
const catalogs = import.meta.glob<{ default: Catalog }>('../../i18n/locales/*/backups.json');

async function add(language: string, ns: LazyNamespace): Promise<void> {
  if (i18n.hasResourceBundle(language, ns)) return;
  const file = catalogs[`../../i18n/locales/${language}/${ns}.json`];
  if (file) i18n.addResourceBundle(language, ns, (await file()).default as ResourceLanguage);
}

/** Loads a lazy namespace's English, then the language's own (the pseudo-locale's made from English). */
export async function loadLazyWords(language: string, ns: LazyNamespace): Promise<void> {
  await add('en', ns);
  if (language !== PSEUDO_LANGUAGE) return add(language, ns);
  if (!i18n.hasResourceBundle(language, ns)) {
    i18n.addResourceBundle(language, ns, pseudoCatalog(i18n.getResourceBundle('en', ns) as Catalog));
  }
}

/** True once the namespace's words are there in English; the reader's language follows when loaded. */
export function useLazyWords(ns: LazyNamespace): boolean {
  // Re-renders on a change of language, which loads that language's words.
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadLazyWords(language, ns)
      .catch(() => undefined)
      .then(() => {
        if (live) setLoaded(language);
      });
    return () => {
      live = false;
    };
  }, [language, ns]);
  return loaded !== null;
}
