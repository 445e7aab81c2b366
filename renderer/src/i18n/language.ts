/**
 * Which language the counter's screens are in: a tab's ?lang= (a translator, a test, the
 * pseudo-locale), else the signed-in person's own choice, else this computer's choice at the
 * sign-in screen, else the browser's or the OS's languages.
 */
import { useEffect } from 'react';
import type { SessionView } from '../../../shared/contract.ts';
import { isUiLanguage, matchLanguage, PSEUDO_LANGUAGE, UI_LANGUAGES, type UiLanguage } from '../../../shared/languages.ts';
import { SCREEN_NAMESPACES } from './locales/en/index.ts';
import { showLanguage } from './i18n.ts';

const DEVICE_KEY = 'esim-counter.language';
const TAB_KEY = 'esim-counter.language-override';

/** A ?lang= in the address wins for the tab (kept across reloads of the tab, as the launch key is). */
export function tabLanguage(location: Pick<Location, 'search'> = window.location): string | null {
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked && (asked === PSEUDO_LANGUAGE || isUiLanguage(asked))) {
    sessionStorage.setItem(TAB_KEY, asked);
    return asked;
  }
  return sessionStorage.getItem(TAB_KEY);
}

/** What this computer was set to at the sign-in screen (before anyone signs in). */
export function deviceLanguage(): UiLanguage | null {
  const stored = localStorage.getItem(DEVICE_KEY);
  return stored && isUiLanguage(stored) ? stored : null;
}

export function setDeviceLanguage(language: UiLanguage | null): void {
  if (language) localStorage.setItem(DEVICE_KEY, language);
  else localStorage.removeItem(DEVICE_KEY);
}

/** The browser's (in Electron, the OS's) preference among the UI languages. */
export function systemLanguage(preferred: readonly string[] = navigator.languages ?? [navigator.language]): UiLanguage {
  return matchLanguage(preferred, UI_LANGUAGES, 'en');
}

export function counterLanguage(session: SessionView | null, tileLanguage: string | null, device: UiLanguage | null): string {
  const tab = tabLanguage();
  if (tab) return tab;
  const personal = session && session.status !== 'signed_out' ? session.language : tileLanguage;
  if (personal && isUiLanguage(personal)) return personal;
  return device ?? systemLanguage();
}

/** Keeps the screens in `language`, loading its words first. */
export function useShowLanguage(language: string): void {
  useEffect(() => {
    void showLanguage(language, SCREEN_NAMESPACES);
  }, [language]);
}
