/**
 * The eSIM service's install steps, shaped for the clerk: one section per phone system, device
 * entries with the same steps merged, and the manual-install steps only for a revealed eSIM.
 */
import type { InstallSteps } from '../../../../shared/esims.ts';
import { PSEUDO_LANGUAGE } from '../../../../shared/languages.ts';
import { i18n } from '../../i18n/i18n.ts';

type Platform = InstallSteps['platforms'][number];

export type GuideVariant = {
  /** Which phones these steps are for; null when every phone of the system has the same steps. */
  readonly label: string | null;
  readonly qrSteps: readonly string[];
  readonly manualSteps: readonly string[];
  readonly networkSteps: readonly string[];
};

export type GuideSystem = {
  readonly os: 'ios' | 'android';
  readonly name: string;
  readonly variants: readonly GuideVariant[];
};

export type ClerkGuide = {
  readonly systems: readonly GuideSystem[];
  /** The service had manual-install steps, left out because the eSIM's codes are hidden. */
  readonly manualHidden: boolean;
};

const SYSTEM_NAME = { ios: 'iPhone', android: 'Android' } as const;

/** An LPA string (LPA:1$<SM-DP+>$<code>) is the eSIM itself: whoever reads it can install it. */
const CARRIES_CODE = /LPA:1\$/i;

function deviceLabel(p: Platform): string {
  const versions = p.version
    ?.split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .join(', ');
  const system = p.os === 'ios' ? 'iOS' : 'Android';
  if (p.model && versions) return `${p.model}, ${system} ${versions}`;
  if (p.model) return p.model;
  if (versions) return `${system} ${versions}`;
  // In the clerk's words: the component that shows the guide re-renders when they change.
  return i18n.t(p.os === 'ios' ? 'install:guide.otherIphones' : 'install:guide.otherAndroids');
}

const clean = (steps: readonly string[]) => steps.map((s) => s.trim()).filter(Boolean);

/**
 * `revealed` is whether the clerk may see this eSIM's codes right now (its QR is on screen). The
 * service writes the SM-DP+ address and activation code into the manual steps, so those steps go
 * with the QR: hidden unless revealed, and no other step that quotes an LPA string gets through.
 */
export function clerkGuide(steps: InstallSteps, revealed: boolean): ClerkGuide {
  // The backend already leaves them out for someone who may not see the codes; the screen also
  // follows what it shows right now (a revealed sale masks itself again after 30 minutes).
  let manualHidden = steps.manualHidden;
  const systems: GuideSystem[] = [];
  for (const os of ['ios', 'android'] as const) {
    const merged: { key: string; labels: string[]; variant: Omit<GuideVariant, 'label'> }[] = [];
    for (const platform of steps.platforms.filter((p) => p.os === os)) {
      const manual = clean(platform.manualSteps);
      if (!revealed && manual.length > 0) manualHidden = true;
      const safe = (list: readonly string[]) => (revealed ? clean(list) : clean(list).filter((s) => !CARRIES_CODE.test(s)));
      const variant = {
        qrSteps: safe(platform.qrSteps),
        manualSteps: revealed ? manual : [],
        networkSteps: safe(platform.networkSteps),
      };
      if (variant.qrSteps.length + variant.manualSteps.length + variant.networkSteps.length === 0) continue;
      const key = JSON.stringify(variant);
      const same = merged.find((m) => m.key === key);
      if (same) same.labels.push(deviceLabel(platform));
      else merged.push({ key, labels: [deviceLabel(platform)], variant });
    }
    if (merged.length === 0) continue;
    systems.push({
      os,
      name: SYSTEM_NAME[os],
      variants: merged.map((m) => ({ label: merged.length === 1 ? null : m.labels.join(' · '), ...m.variant })),
    });
  }
  return { systems, manualHidden };
}

/** A revealed eSIM's LPA text, and the SM-DP+ address and activation code in it. */
export function codesOf(lpa: string | null): string[] {
  if (!lpa || !CARRIES_CODE.test(lpa)) return [];
  return [
    lpa,
    ...lpa
      .split('$')
      .slice(1, 3)
      .filter((part) => part.length >= 4),
  ];
}

/**
 * A step cut into plain text and the codes it quotes, so the screen can set the codes apart: the
 * clerk reads them out, or the customer types them, character by character.
 */
export function markCodes(step: string, codes: readonly string[]): { text: string; code: boolean }[] {
  const found = codes.filter(Boolean).sort((a, b) => b.length - a.length);
  if (found.length === 0) return [{ text: step, code: false }];
  const escaped = found.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = step.split(new RegExp(`(${escaped.join('|')})`));
  return parts.filter((p) => p !== '').map((text) => ({ text, code: found.includes(text) }));
}

/**
 * The language the service answered in, against the one asked: it falls back (to English) when it
 * has no steps in the customer's language, and the clerk should know before reading them out.
 */
export function answerLanguage(asked: string, answered: string): { readonly answered: string; readonly fellBack: boolean } {
  const tag = answered.trim() || 'en';
  const base = (code: string) => code.toLowerCase().split('-')[0];
  return { answered: tag, fellBack: base(tag) !== base(asked) };
}

/** A language's name in the reader's language ("German" for an English clerk); the code if the runtime has none. */
export function languageName(code: string, reader: string): string {
  try {
    const names = new Intl.DisplayNames([reader === PSEUDO_LANGUAGE ? 'en' : reader], { type: 'language', fallback: 'code' });
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
