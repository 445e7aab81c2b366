/**
 * A settings change in the audit log in words: "screen lock: 5 min → 15 min". Each value is
 * written as the settings screen shows it (a price rule as on the prices screen, money in the
 * store's currency), never as JSON.
 */
import type { Money } from '../../../../shared/money.ts';
import type { PriceRule, TaxRule } from '../../../../shared/pricing.ts';
import type { OfflineSalesSettings, PrinterSettings } from '../../../../shared/settings.ts';
import type { TripUses } from '../../../../shared/trips.ts';
import { mbWords } from '../../counter/esim/package-words.ts';
import { currentFormats } from '../../i18n/format.ts';
import { i18n } from '../../i18n/i18n.ts';
import audit from '../../i18n/locales/en/audit.json';
import { isolate } from '../common/format.ts';
import { ruleShortWords } from '../prices/prices-words.ts';

type Setting = keyof typeof audit.setting;

export function settingName(key: string): string {
  return Object.hasOwn(audit.setting, key) ? i18n.t(`audit:setting.${key as Setting}`) : key;
}

const isMoney = (v: unknown): v is Money =>
  typeof v === 'object' && v !== null && typeof (v as Money).minor === 'number' && typeof (v as Money).currency === 'string';

/** One setting's value in words; an empty one is "none". */
export function settingValueWords(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return i18n.t('audit:value.none');
  const f = currentFormats();
  try {
    switch (key) {
      case 'idleLockMinutes':
        return i18n.t('audit:value.minutes', { count: Number(value) });
      case 'balanceFloor':
      case 'closeReasonThreshold':
        return isMoney(value) ? f.money(value) : String(value);
      case 'tripUses': {
        const uses = value as TripUses;
        return [uses.light, uses.everyday, uses.heavy].map((mb) => mbWords(mb, f)).join(' · ');
      }
      case 'offlineSales': {
        const offline = value as OfflineSalesSettings;
        if (!offline.enabled) return i18n.t('audit:value.offlineOff');
        const cap = (amount: Money | null) => (amount ? f.money(amount) : i18n.t('audit:value.none'));
        return i18n.t('audit:value.offlineOn', {
          perSale: cap(offline.maxPerSale),
          total: cap(offline.maxTotal),
          hours: offline.hours,
        });
      }
      case 'priceRule':
        return ruleShortWords(value as PriceRule);
      case 'tax': {
        const tax = value as TaxRule;
        if (tax.percent === 0) return i18n.t('audit:value.noTax');
        const percent = f.percent(tax.percent / 100, 3);
        const label = tax.label.trim() || i18n.t('prices:tax.defaultLabel');
        return i18n.t(tax.mode === 'included' ? 'audit:value.taxIncluded' : 'audit:value.taxAdded', { label, percent });
      }
      case 'printer': {
        const printer = value as PrinterSettings;
        const name = printer.printerName ?? i18n.t('settings:printer.namePlaceholder');
        const paper = printer.paper === 'a4' ? i18n.t('settings:printer.a4') : i18n.t('settings:printer.receipt80');
        const words = printer.silent
          ? i18n.t('audit:value.printerSilent', { name, paper })
          : i18n.t('audit:value.printer', { name, paper });
        // Where receipts go is what a changed printer most often means: the address or device is said.
        if (!printer.escpos) return words;
        const { connection, width } = printer.escpos;
        const address = connection.kind === 'device' ? connection.path : `${connection.host}:${connection.port}`;
        return i18n.t('audit:value.printerThermal', { printer: words, address: isolate(address), width });
      }
      default:
        return isolate(typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
  } catch {
    // A value written by another version may not have the shape this one expects: still readable.
    return JSON.stringify(value);
  }
}

/** Every changed setting of one entry, "name: old → new", separated as the language lists. */
export function settingChangeWords(changes: Record<string, unknown>): string {
  return Object.entries(changes)
    .map(([key, change]) => {
      const { from, to } = (change ?? {}) as { from?: unknown; to?: unknown };
      return i18n.t('audit:value.change', {
        setting: settingName(key),
        from: settingValueWords(key, from),
        to: settingValueWords(key, to),
      });
    })
    .join(' · ');
}
