import type { DeviceMatch } from '../../../../shared/esims.ts';
import { isTypoOf, nameKey } from '../../../../shared/search.ts';

const words = (text: string) => nameKey(text).split(' ').filter(Boolean);

/**
 * How well a device answers what the clerk typed. `exact`: every word is the start of one of the
 * device's words, or of its run-together name ("iphone15"). `close`: the same, with a typo the
 * search forgives in a word ("ipone 13 mini" for "iPhone 13 mini"); numbers must still be exact.
 * Null: some word is not the device's at all ("Nokia 3310" for "Nokia G60 5G"). The search always
 * returns its closest matches; only this says "supported" without the clerk picking one.
 */
export function matchQuality(query: string, device: DeviceMatch): 'exact' | 'close' | null {
  const terms = words(query);
  if (terms.length === 0) return null;
  const own = words(`${device.brand} ${device.name} ${device.model ?? ''}`);
  const joined = own.join('');
  let quality: 'exact' | 'close' = 'exact';
  for (const t of terms) {
    if (own.some((w) => w.startsWith(t)) || joined.includes(t)) continue;
    if (!own.some((w) => isTypoOf(t, w))) return null;
    quality = 'close';
  }
  return quality;
}

/** The match the verdict is about when the clerk has picked none: the first exact one, else the first close one. */
export function verdictMatch(
  query: string,
  matches: readonly DeviceMatch[],
): { readonly index: number; readonly quality: 'exact' | 'close' } | null {
  const qualities = matches.map((d) => matchQuality(query, d));
  for (const quality of ['exact', 'close'] as const) {
    const index = qualities.indexOf(quality);
    if (index >= 0) return { index, quality };
  }
  return null;
}

const OS_NAMES: Record<string, string> = { ios: 'iOS', android: 'Android', ipados: 'iPadOS', harmonyos: 'HarmonyOS' };

/** The partner writes the system in lower case ("ios"); the counter writes it as its maker does. */
export function osLabel(os: string): string {
  return OS_NAMES[os.trim().toLowerCase()] ?? os;
}

/** "Apple iPhone 15", without repeating a brand the name already starts with. */
export function deviceName(d: DeviceMatch): string {
  return d.name.toLowerCase().startsWith(d.brand.toLowerCase()) ? d.name : `${d.brand} ${d.name}`;
}
