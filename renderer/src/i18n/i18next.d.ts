import 'i18next';
import type { EnglishCatalogs } from './locales/en/index.ts';

// Keys are checked at compile time against the English catalogue: a typo is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: EnglishCatalogs;
  }
}
