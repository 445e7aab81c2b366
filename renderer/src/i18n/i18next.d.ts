import 'i18next';
import type { en } from './locales/en/index.ts';
import type backups from './locales/en/backups.json';

// Keys are checked at compile time against the English catalogue: a typo is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    // Lazily loaded namespaces are typed like the rest; only their type is read here, never their words.
    resources: typeof en & { backups: typeof backups };
  }
}
