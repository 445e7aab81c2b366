import { describe, expect, it } from 'vitest';
import {
  auditHeadWords,
  formatAmounts,
  formatDifference,
  parseCountedCash,
  reconciliationSummary,
} from '../../../../renderer/src/manager/format.ts';

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
});

describe('amounts in words', () => {
  it('says short, over or exact', () => {
    expect(formatDifference({ minor: -250, currency: 'USD' })).toBe('$2.50 short');
    expect(formatDifference({ minor: 100, currency: 'USD' })).toBe('$1.00 over');
    expect(formatDifference({ minor: 0, currency: 'USD' })).toBe('exact');
  });

  it('lists currencies side by side, never adds them', () => {
    expect(
      formatAmounts([
        { minor: 1200, currency: 'USD' },
        { minor: 350, currency: 'EUR' },
      ]),
    ).toBe('$12.00 · €3.50');
    expect(formatAmounts([])).toBe('—');
    expect(formatAmounts([], '0')).toBe('0');
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
    expect(reconciliationSummary({ checked: false, reason: 'The eSIM service cannot be reached.' })).toBe(
      'Not checked: The eSIM service cannot be reached.',
    );
  });
});

describe('auditHeadWords', () => {
  it('gives the entry and the hash’s first and last eight digits', () => {
    const hash = `9f3c1a2b${'0'.repeat(48)}e1a2c3d4`;
    expect(auditHeadWords({ seq: 1234, hash })).toBe('entry 1234 · 9f3c1a2b…e1a2c3d4');
  });
});
