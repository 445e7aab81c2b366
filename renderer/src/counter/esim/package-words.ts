/**
 * A package in the reader's words: its data ("5 GB", "5 Go", "Unlimited"), its days with the
 * language's plural, where it works. The partner sends the data as English text ("1 GB", "500 MB",
 * "Unlimited"); an amount is read out of it and written again, anything else is shown as it came.
 * The component that calls these must use useTranslation itself, so it re-renders when the
 * language changes.
 */
import type { CountryOption, PackageOffer } from '../../../../shared/catalog.ts';
import { currentFormats, type Formats } from '../../i18n/format.ts';
import { i18n } from '../../i18n/i18n.ts';
import { en } from '../../i18n/locales/en/index.ts';

const AMOUNT = /^\s*(\d+(?:[.,]\d+)?)\s*(GB|MB)\s*$/i;

/** "1 GB" → "1 GB" / "1 Go" / "1 جيجابايت"; "Unlimited" → the language's word; other text as it came. */
export function dataWords(text: string, f: Formats = currentFormats()): string {
  if (/^\s*unlimited\s*$/i.test(text)) return i18n.t('common:package.unlimited');
  const match = AMOUNT.exec(text);
  if (!match) return text;
  const amount = f.number(Number(match[1]!.replace(',', '.')), { maximumFractionDigits: 2 });
  return match[2]!.toUpperCase() === 'GB' ? i18n.t('common:package.gb', { amount }) : i18n.t('common:package.mb', { amount });
}

/** 1,024 MB to the GB, as the partner counts a package's data. */
export const MB_PER_GB = 1024;

/** A figure in MB as a package's data is written: GB from one GB up ("250 MB", "1.5 GB"). */
export function mbWords(mb: number, f: Formats = currentFormats()): string {
  return dataWords(mb >= MB_PER_GB ? `${Math.round((mb / MB_PER_GB) * 100) / 100} GB` : `${mb} MB`, f);
}

/** "30 days", "30 Tage", "يومًا 30": with the language's plural forms. */
export function daysWords(days: number): string {
  return i18n.t('common:package.days', { count: days });
}

/** "5 GB · 30 days": how a package is named on the counter. */
export function packageWords(data: string, days: number, f: Formats = currentFormats()): string {
  return i18n.t('common:package.summary', { data: dataWords(data, f), days: daysWords(days) });
}

/**
 * A region by its id (the partner's slug, places:regions) in `language` (the reader's when absent),
 * a region the counter does not know by the partner's own name.
 */
export function regionWords(region: string | null | undefined, partnerName: string, language?: string): string {
  if (!region || !Object.hasOwn(en.places.regions, region)) return partnerName;
  return i18n.t(`places:regions.${region as keyof typeof en.places.regions}`, { lng: language });
}

/** Where a package works: a local one's country, a region's name, in the reader's language. */
export function coverageWords(offer: Pick<PackageOffer, 'kind' | 'countries' | 'coverageName' | 'region'>, f: Formats): string {
  const country = offer.kind === 'local' ? offer.countries[0] : undefined;
  return country && /^[A-Z]{2}$/.test(country) ? f.country(country) : regionWords(offer.region, offer.coverageName);
}

/**
 * A country code's name in the formats' language; a region by its id in `language` (the display's,
 * the paper's), or by the partner's name.
 */
export function placeName(
  place: { countryCode: string | null; coverageName: string; region?: string | null },
  f: Formats,
  language?: string,
): string {
  return place.countryCode && /^[A-Z]{2}$/.test(place.countryCode)
    ? f.country(place.countryCode)
    : regionWords(place.region, place.coverageName, language);
}

/**
 * A place of the picker: a country by its code in the reader's language, a region the counter knows
 * by its id, any other region by the partner's own name.
 */
export function placeWords(place: Pick<CountryOption, 'code' | 'name' | 'kind'>, f: Formats): string {
  if (!place.kind && /^[A-Z]{2}$/.test(place.code)) return f.country(place.code);
  return regionWords(place.code, place.name);
}
