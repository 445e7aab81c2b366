// The customer's words (display, voucher, install) in every customer language: plurals as each
// grammar has them, the practice mark left as the counter's one word, values on the store's clock.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatsFor } from '../../../../../renderer/src/i18n/format.ts';
import { i18n, loadNamespaces } from '../../../../../renderer/src/i18n/i18n.ts';
import { CUSTOMER_NAMESPACES } from '../../../../../renderer/src/i18n/locales/en/index.ts';
import { CUSTOMER_LANGUAGES } from '../../../../../shared/languages.ts';

beforeAll(async () => {
  await Promise.all(CUSTOMER_LANGUAGES.map((language) => loadNamespaces(language, CUSTOMER_NAMESPACES)));
});

const display = (language: string) => i18n.getFixedT(language, 'display');
const voucher = (language: string) => i18n.getFixedT(language, 'voucher');

describe('the customer’s words', () => {
  it('say how long a package is valid in the customer’s language, never in English', () => {
    const english = display('en')('validFor', { count: 30 });
    expect(english).toBe('Valid for 30 days');
    expect(display('en')('validFor', { count: 1 })).toBe('Valid for 1 day');
    for (const language of CUSTOMER_LANGUAGES.filter((l) => l !== 'en')) {
      const words = display(language)('validFor', { count: 30 });
      expect(words, language).not.toBe(english);
      expect(words, language).not.toMatch(/\bdays?\b/);
      expect(voucher(language)('package', { data: '3 GB', count: 30 }), language).toMatch(/^3 GB · /);
    }
  });

  it('use each language’s own plural forms', () => {
    expect(display('de')('validFor', { count: 1 })).toBe('Gültig für 1 Tag');
    expect(display('de')('validFor', { count: 7 })).toBe('Gültig für 7 Tage');
    expect(display('ru')('validFor', { count: 1 })).toBe('Действует 1 день');
    expect(display('ru')('validFor', { count: 3 })).toBe('Действует 3 дня');
    expect(display('ru')('validFor', { count: 30 })).toBe('Действует 30 дней');
    expect(display('pl')('validFor', { count: 22 })).toBe('Ważna 22 dni');
    expect(display('ar')('validFor', { count: 2 })).toBe('صالحة ليومين');
    expect(display('ar')('validFor', { count: 7 })).toBe('صالحة لمدة 7 أيام');
    expect(display('ar')('validFor', { count: 30 })).toBe('صالحة لمدة 30 يومًا');
    expect(display('ja')('validFor', { count: 30 })).toBe('30日間有効');
  });

  it('leave the practice mark as the counter’s one word in every language', () => {
    for (const language of CUSTOMER_LANGUAGES) {
      for (const mark of ['DEMO', 'TRAINING']) {
        const hint = display(language)('practice', { mark });
        expect(hint.startsWith(`${mark} — `), `${language}: ${hint}`).toBe(true);
        expect(voucher(language)('practice.demo', { mark }).startsWith(`${mark} — `), language).toBe(true);
        expect(voucher(language)('practice.topup', { mark }).startsWith(`${mark} — `), language).toBe(true);
      }
      // Translated words only: the mark itself comes from the placeholder, never from a catalogue.
      expect(JSON.stringify(i18n.getResourceBundle(language, 'display')), language).not.toMatch(/DEMO|TRAINING/);
    }
  });

  it('say which eSIM a top-up is for by its last digits, whatever the language', () => {
    expect(display('en')('topup.esimEnding', { tail: '04826' })).toBe('eSIM ending in …04826');
    for (const language of CUSTOMER_LANGUAGES)
      expect(display(language)('topup.esimEnding', { tail: '04826' })).toContain('…04826');
  });

  it('write amounts and times in the customer’s language on the store’s clock', () => {
    const inBerlin = (language: string) => formatsFor(language, 'Europe/Berlin', 'de-DE');
    const money = { minor: 1250, currency: 'EUR' };
    expect(inBerlin('de').money(money)).toBe('12,50\u00a0€');
    expect(inBerlin('en').money(money)).toBe('€12.50');
    // A German store's 24-hour clock, read by a Japanese customer.
    expect(inBerlin('ja').time('2026-11-25T13:05:00Z')).toBe('14:05');
    const clears = display('ja')('install.clearsAt', { time: inBerlin('ja').time('2026-11-25T13:05:00Z') });
    expect(clears).toBe('セキュリティのため、このコードは14:05に消えます。');
  });
});
