/**
 * What the customer takes home (the voucher, the top-up receipt) is in the customer's language,
 * not the clerk's: the one they picked at the display (state/display.ts), with its values on the
 * store's clock. A paper on the page asks for its words to be loaded and in place before it prints.
 */
import { useEffect, useMemo } from 'react';
import { flushSync } from 'react-dom';
import { isRtl, type CustomerLanguage } from '../../../shared/languages.ts';
import { customerFormats, type Formats } from '../i18n/format.ts';
import { i18n, loadNamespaces } from '../i18n/i18n.ts';
import { CUSTOMER_NAMESPACES } from '../i18n/locales/en/index.ts';
import { useStore } from '../state/store.ts';

/** How many customer papers are on the page now: a Z report or a setup sheet prints without waiting for them. */
let papers = 0;

/**
 * Before printing: the customer's words loaded, and every paper on the page re-rendered in them
 * before the print dialog (or the desktop printer) copies the page.
 */
export async function readyCustomerPapers(): Promise<void> {
  if (papers === 0) return;
  const language = useStore.getState().customerLanguage;
  await loadNamespaces(language, CUSTOMER_NAMESPACES);
  flushSync(() => useStore.setState({ paperLanguage: language }));
}

export type PaperWords = {
  readonly language: CustomerLanguage;
  readonly dir: 'rtl' | 'ltr';
  readonly t: ReturnType<typeof paperT>;
  readonly f: Formats;
};

const paperT = (language: string) => i18n.getFixedT(language, ['voucher', 'install']);

/** Outside a component (a receipt composed for the thermal printer): the customer's words now. */
export function paperWords(): PaperWords {
  const language = useStore.getState().paperLanguage;
  return { language, dir: isRtl(language) ? 'rtl' : 'ltr', t: paperT(language), f: customerFormats(language) };
}

/** For a paper component: its words and formats in the customer's language. */
export function useCustomerPaper(): PaperWords {
  useEffect(() => {
    papers += 1;
    return () => {
      papers -= 1;
    };
  }, []);
  const language = useStore((s) => s.paperLanguage);
  // The store's zone and locale decide the clock; re-rendered when they arrive or change.
  const timeZone = useStore((s) => s.info?.timeZone);
  const locale = useStore((s) => s.info?.locale);
  return useMemo(
    () => ({ language, dir: isRtl(language) ? 'rtl' : 'ltr', t: paperT(language), f: customerFormats(language) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the formats read the zone and locale from the store
    [language, timeZone, locale],
  );
}
