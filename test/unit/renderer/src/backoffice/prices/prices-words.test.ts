import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../../../../shared/contract.ts';
import { currentFormats } from '../../../../../../renderer/src/i18n/format.ts';
import { useStore } from '../../../../../../renderer/src/state/store.ts';
import { i18n, loadBackOfficeWords, showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';
import { UI_NAMESPACES } from '../../../../../../renderer/src/i18n/locales/en/index.ts';
import {
  endingWords,
  parseTaxPercent,
  priceRuleExample,
  ruleShortWords,
  sampleCost,
  taxExample,
  zeroWords,
} from '../../../../../../renderer/src/backoffice/prices/prices-words.ts';

// The back office's words come with its screens; these tests call its functions directly.
beforeAll(() => loadBackOfficeWords());

afterAll(async () => {
  await showLanguage('en', UI_NAMESPACES);
});

describe('the Prices screen’s words', () => {
  it('shows each ending with what it makes of a cost in the store’s currency', () => {
    expect(sampleCost('EUR')).toEqual({ minor: 314, currency: 'EUR' });
    expect(sampleCost('JPY')).toEqual({ minor: 1234, currency: 'JPY' });
    expect(endingWords('90', 'EUR')).toBe('Ends in 90 — e.g. €3.90');
    expect(endingWords('00', 'JPY')).toBe('A round price — e.g. ¥1,300');
    expect(endingWords('99', 'JPY')).toBe('Ends in 99 — e.g. ¥1,299');
    expect(endingWords('none', 'JPY')).toBe('No rounding');
  });

  it('says a rule in a few words and with a worked example', () => {
    expect(ruleShortWords({ kind: 'markup', percent: 50, ending: '90' })).toBe('Our cost + 50%, Ends in 90');
    expect(ruleShortWords({ kind: 'fixed', price: { minor: 990, currency: 'EUR' } })).toBe('Fixed at €9.90');
    expect(priceRuleExample({ kind: 'markup', percent: 30, ending: '00' }, 'JPY')).toBe(
      'A package costing us ¥1,234 sells for ¥1,700.',
    );
  });

  it('works the tax out on an example, included or added', () => {
    expect(taxExample({ mode: 'included', percent: 19, label: 'MwSt' }, 'EUR')).toBe('A price of €9.42 includes €1.50 MwSt.');
    expect(taxExample({ mode: 'added', percent: 8.875, label: '' }, 'USD')).toBe(
      'A price of $9.42 plus $0.84 tax comes to $10.26 at checkout.',
    );
    expect(taxExample({ mode: 'added', percent: 0, label: '' }, 'USD')).toBe('No tax is shown or added.');
  });

  it('reads a tax rate as typed, refusing what is not one', () => {
    expect(parseTaxPercent('8,875 %')).toEqual({ ok: true, percent: 8.875 });
    expect(parseTaxPercent('')).toEqual({ ok: true, percent: 0 });
    expect(parseTaxPercent('101').ok).toBe(false);
    expect(parseTaxPercent('8.8755').ok).toBe(false);
  });

  it('speaks the reader’s language', async () => {
    await showLanguage('de', UI_NAMESPACES);
    expect(i18n.language).toBe('de');
    expect(endingWords('90', 'EUR')).toBe('Endet auf 90 — z. B. 3,90\u00a0€');
  });
});

describe('nothing in money', () => {
  it('reads as zero in the store’s currency, a bare 0 only before the store is known', async () => {
    await showLanguage('en', UI_NAMESPACES);
    useStore.setState({ info: null });
    expect(zeroWords(currentFormats())).toBe('0');
    useStore.setState({ info: { currency: 'EUR', timeZone: 'UTC', locale: 'en-US' } as AppInfo });
    expect(zeroWords(currentFormats())).toBe('€0.00');
    useStore.setState({ info: { currency: 'JPY', timeZone: 'UTC', locale: 'en-US' } as AppInfo });
    expect(zeroWords(currentFormats())).toBe('¥0');
    useStore.setState({ info: null });
  });
});
