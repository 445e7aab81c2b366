import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../../../../shared/contract.ts';
import type { Breakdown } from '../../../../../../shared/reports.ts';
import { i18n, showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';
import { UI_NAMESPACES } from '../../../../../../renderer/src/i18n/locales/en/index.ts';
import {
  auditHeadWords,
  breakdownLabel,
  formatDifference,
  parseCountedCash,
  reconciliationSummary,
  salesAndTopupsWords,
  takingsWords,
} from '../../../../../../renderer/src/backoffice/common/format.ts';
import { useStore } from '../../../../../../renderer/src/state/store.ts';

// A US store: amounts as "$2.50" in English.
beforeAll(() => useStore.setState({ info: { timeZone: 'America/New_York', locale: 'en-US' } as AppInfo }));
afterAll(() => useStore.setState({ info: null }));
afterEach(() => i18n.changeLanguage('en'));

describe('parseCountedCash', () => {
  it.each([
    ['12.50', 'USD', 1250],
    ['12,50', 'USD', 1250],
    ['12', 'USD', 1200],
    [' 12.5 ', 'USD', 1250],
    ['.75', 'USD', 75],
    ['$12.50', 'USD', 1250],
    ['12.50 USD', 'USD', 1250],
    ['1,234.50', 'USD', 123450],
    ['1.234,50', 'EUR', 123450],
    ['1 234,50', 'EUR', 123450],
    ['1,234,567', 'USD', 123456700],
    ['0', 'USD', 0],
    ['500', 'JPY', 500],
    ['1.250', 'KWD', 1250],
  ])('%s %s is %i minor units', (text, currency, minor) => {
    expect(parseCountedCash(text, currency)).toEqual({ ok: true, minor });
  });

  it('never goes through floats: 0.29 and 4.35 stay exact', () => {
    expect(parseCountedCash('0.29', 'USD')).toEqual({ ok: true, minor: 29 });
    expect(parseCountedCash('4.35', 'USD')).toEqual({ ok: true, minor: 435 });
    expect(parseCountedCash('1000000.01', 'USD')).toEqual({ ok: true, minor: 100000001 });
  });

  it.each([
    ['', 'Type the cash you counted.'],
    ['   ', 'Type the cash you counted.'],
    ['-5', 'Counted cash cannot be negative.'],
    ['12.505', 'USD has 2 decimals at most.'],
    ['1,234', 'USD has 2 decimals at most.'],
    ['abc', 'That is not an amount. Type it like 120.50.'],
    ['12..5', 'That is not an amount. Type it like 120.50.'],
  ])('refuses %j', (text, message) => {
    expect(parseCountedCash(text, 'USD')).toEqual({ ok: false, message });
  });

  it('refuses decimals for a currency without them', () => {
    expect(parseCountedCash('500.5', 'JPY')).toEqual({ ok: false, message: 'JPY has no decimals.' });
  });

  it('says why in the reader’s language, with an example written as they write amounts', async () => {
    await showLanguage('de', UI_NAMESPACES);
    expect(parseCountedCash('abc', 'EUR')).toEqual({ ok: false, message: 'Das ist kein Betrag. Geben Sie ihn so ein: 120,50.' });
    expect(parseCountedCash('1.5', 'KWD')).toEqual({ ok: true, minor: 1500 });
    expect(parseCountedCash('1,2345', 'KWD')).toEqual({ ok: false, message: 'KWD hat höchstens 3 Nachkommastellen.' });
  });
});

describe('amounts in words', () => {
  it('says short, over or exact', () => {
    expect(formatDifference({ minor: -250, currency: 'USD' })).toBe('$2.50 short');
    expect(formatDifference({ minor: 100, currency: 'USD' })).toBe('$1.00 over');
    expect(formatDifference({ minor: 0, currency: 'USD' })).toBe('exact');
  });

  it('says them in the reader’s language, with the language’s own amounts', async () => {
    await showLanguage('de', UI_NAMESPACES);
    expect(formatDifference({ minor: -250, currency: 'EUR' })).toBe('2,50\u00a0€ zu wenig');
    expect(formatDifference({ minor: 100, currency: 'EUR' })).toBe('1,00\u00a0€ zu viel');
    expect(formatDifference({ minor: 0, currency: 'EUR' })).toBe('stimmt genau');
  });

  it('lists takings per method side by side, never adds them', () => {
    expect(
      takingsWords([
        { method: 'cash', currency: 'USD', minor: 400 },
        { method: 'other', currency: 'EUR', minor: 800 },
      ]),
    ).toBe('$4.00 cash · €8.00 other');
    expect(salesAndTopupsWords(2, 0)).toBe('2 sales');
    expect(salesAndTopupsWords(1, 1)).toBe('1 sale and 1 top-up');
    expect(salesAndTopupsWords(0, 3)).toBe('3 top-ups');
  });
});

describe('report rows in the reader’s language', () => {
  const row = (key: string, more: Partial<Breakdown> = {}): Breakdown => ({ key, count: 1, revenue: [], margin: [], ...more });

  it('names countries, payment methods and top-ups from their keys, and keeps names as recorded', async () => {
    expect(breakdownLabel('country', row('DE'))).toBe('Germany');
    expect(breakdownLabel('country', row('regional'))).toBe('Regional and global');
    expect(breakdownLabel('payment', row('card'))).toBe('Card');
    expect(breakdownLabel('package', row('topup:p1', { name: 'Europe 5 GB', kind: 'topup' }))).toBe('Top-up: Europe 5 GB');
    await showLanguage('de', UI_NAMESPACES);
    expect(breakdownLabel('country', row('DE'))).toBe('Deutschland');
    expect(breakdownLabel('country', row('regional'))).toBe('Regional und weltweit');
    expect(breakdownLabel('payment', row('cash'))).toBe('Bar');
    expect(breakdownLabel('package', row('topup:p1', { name: 'Europe 5 GB', kind: 'topup' }))).toBe('Aufladung: Europe 5 GB');
    expect(breakdownLabel('package', row('sale:p1', { name: 'Europe 5 GB', kind: 'sale' }))).toBe('Europe 5 GB');
    expect(breakdownLabel('clerk', row('id-ana', { name: 'Ana' }))).toBe('Ana');
  });

  it('reads the English labels of closes recorded before rows had names, in the reader’s language', async () => {
    await showLanguage('de', UI_NAMESPACES);
    expect(breakdownLabel('package', row('topup:p1', { label: 'Top-up: Europe 5 GB' }))).toBe('Aufladung: Europe 5 GB');
    expect(breakdownLabel('package', row('sale:p1', { label: 'Europe 5 GB' }))).toBe('Europe 5 GB');
    expect(breakdownLabel('country', row('ES', { label: 'Spain' }))).toBe('Spanien');
    expect(breakdownLabel('clerk', row('id-ana', { label: 'Ana' }))).toBe('Ana');
  });
});

// Local dates and times: test/unit/shared/clock.test.ts.

describe('reconciliationSummary', () => {
  it('says when all match, what is missing, or why it was not checked', () => {
    expect(reconciliationSummary({ checked: true, missingHere: [], missingThere: [], matched: 4 })).toBe(
      'All 4 orders match the eSIM service.',
    );
    expect(
      reconciliationSummary({
        checked: true,
        missingHere: [
          { code: 'A1', description: null, createdAt: '2024-01-01T10:00:00Z', price: { minor: 450, currency: 'USD' } },
        ],
        missingThere: [],
        matched: 2,
      }),
    ).toBe('2 matched · 1 at the service but not here · 0 here but not at the service');
    expect(reconciliationSummary({ checked: false, reason: 'service_unreachable' })).toBe(
      'Not checked: The eSIM service could not be asked for its order list.',
    );
    expect(reconciliationSummary({ checked: true, missingHere: [], missingThere: [], matched: 1 })).toBe(
      'The one order matches the eSIM service.',
    );
  });

  it('words the reason of a close recorded before reasons were codes in the reader’s language', async () => {
    await showLanguage('de', UI_NAMESPACES);
    const old = reconciliationSummary({ checked: false, reason: 'The order list could not be read.' });
    expect(old).toBe(reconciliationSummary({ checked: false, reason: 'unreadable' }));
    expect(old).not.toMatch(/could not/);
    // A reason this version has no words for is shown as kept.
    expect(reconciliationSummary({ checked: false, reason: 'Something else.' })).toContain('Something else.');
  });
});

describe('auditHeadWords', () => {
  it('gives the entry and the hash’s first and last eight digits', () => {
    const hash = `9f3c1a2b${'0'.repeat(48)}e1a2c3d4`;
    expect(auditHeadWords({ seq: 1234, hash })).toBe('entry 1234 · 9f3c1a2b…e1a2c3d4');
  });
});
