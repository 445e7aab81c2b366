import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../../../../shared/contract.ts';
import { REFUND_REASONS } from '../../../../../../shared/refunds.ts';
import { i18n, showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';
import { UI_LANGUAGES } from '../../../../../../shared/languages.ts';
import { UI_NAMESPACES } from '../../../../../../renderer/src/i18n/locales/en/index.ts';
import { parseFloor, parseIccidLines, refundReasonWords } from '../../../../../../renderer/src/backoffice/common/format.ts';
import { parseMarkupPercent, priceRuleExample } from '../../../../../../renderer/src/backoffice/prices/prices-words.ts';
import { useStore } from '../../../../../../renderer/src/state/store.ts';

beforeAll(() => useStore.setState({ info: { timeZone: 'America/New_York', locale: 'en-US' } as AppInfo }));
afterAll(() => useStore.setState({ info: null }));
afterEach(() => i18n.changeLanguage('en'));

describe('refund reasons in words', () => {
  it.each(UI_LANGUAGES)('has words in %s for every code of the service, each its own, none left as a code', async (language) => {
    await showLanguage(language, UI_NAMESPACES);
    const words = REFUND_REASONS.map((reason) => refundReasonWords(reason));
    for (const [i, said] of words.entries()) expect(said, REFUND_REASONS[i]).not.toMatch(/_/);
    expect(new Set(words).size).toBe(REFUND_REASONS.length);
  });

  it('says NO_COVERAGE as "No coverage" and shows an unknown code as sent', () => {
    expect(refundReasonWords('NO_COVERAGE')).toBe('No coverage');
    expect(refundReasonWords('OTHERS')).toBe('Other');
    expect(refundReasonWords('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
});

describe('priceRuleExample', () => {
  it('shows the example of the brief: $3.14 at 50 % rounded to .99 sells for $4.99', () => {
    expect(priceRuleExample({ kind: 'markup', percent: 50, ending: '99' })).toBe('A package costing us $3.14 sells for $4.99.');
  });

  it('computes .49 and unrounded prices with the counter’s own rule', () => {
    expect(priceRuleExample({ kind: 'markup', percent: 20, ending: '49' })).toBe('A package costing us $3.14 sells for $3.99.');
    expect(priceRuleExample({ kind: 'markup', percent: 10, ending: '49' })).toBe('A package costing us $3.14 sells for $3.49.');
    expect(priceRuleExample({ kind: 'markup', percent: 12.5, ending: 'none' })).toBe(
      'A package costing us $3.14 sells for $3.54.',
    );
    expect(priceRuleExample({ kind: 'markup', percent: 0, ending: 'none' })).toBe('A package costing us $3.14 sells for $3.14.');
  });

  it('says the example in the reader’s language, with their amounts', async () => {
    await showLanguage('fr', UI_NAMESPACES);
    expect(priceRuleExample({ kind: 'markup', percent: 50, ending: '99' }, 'EUR')).toBe(
      'Un forfait qui nous coûte 3,14\u00a0€ se vend 4,99\u00a0€.',
    );
  });

  it('uses the account’s currency and describes the recommended price in words', () => {
    expect(priceRuleExample({ kind: 'markup', percent: 50, ending: '99' }, 'EUR')).toBe(
      'A package costing us €3.14 sells for €4.99.',
    );
    expect(priceRuleExample({ kind: 'recommended' })).toMatch(/recommended retail price/);
  });
});

describe('parseMarkupPercent', () => {
  it.each([
    ['50', 50],
    ['12.5', 12.5],
    ['12,25', 12.25],
    [' 30 % ', 30],
    ['0', 0],
    ['500', 500],
  ])('%s is %d %%', (text, percent) => {
    expect(parseMarkupPercent(text)).toEqual({ ok: true, percent });
  });

  it.each(['', '-5', 'abc', '12.345', '501'])('refuses %j in words', (text) => {
    const parsed = parseMarkupPercent(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(/\w/);
  });

  it('says why a negative or too large markup is refused', () => {
    expect(parseMarkupPercent('-5')).toEqual({ ok: false, message: 'A markup cannot be negative.' });
    expect(parseMarkupPercent('501')).toEqual({ ok: false, message: 'At most 500%.' });
  });
});

describe('parseFloor', () => {
  it('reads an empty field as no floor and amounts exactly', () => {
    expect(parseFloor('', 'USD')).toEqual({ ok: true, minor: null });
    expect(parseFloor('  ', 'USD')).toEqual({ ok: true, minor: null });
    expect(parseFloor('100', 'USD')).toEqual({ ok: true, minor: 10000 });
    expect(parseFloor('49.99', 'USD')).toEqual({ ok: true, minor: 4999 });
  });

  it('refuses a negative floor and more decimals than the currency has', () => {
    expect(parseFloor('-1', 'USD')).toEqual({ ok: false, message: 'The floor cannot be negative.' });
    expect(parseFloor('1.234', 'USD').ok).toBe(false);
  });
});

describe('parseIccidLines', () => {
  it('takes one ICCID per line, skips blank lines and keeps the line numbers', () => {
    const lines = parseIccidLines('8944 5000 0000 0000 009\n\n  89445000000000000017  \r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ line: 1, ok: true, iccid: '8944500000000000009' });
    expect(lines[1]).toMatchObject({ line: 3, ok: true, iccid: '89445000000000000017' });
  });

  it('names what is wrong with a line', () => {
    const [line] = parseIccidLines('123456789012345');
    expect(line).toMatchObject({ line: 1, ok: false });
    if (line && !line.ok) expect(line.problem).toBe('imei');
  });
});
