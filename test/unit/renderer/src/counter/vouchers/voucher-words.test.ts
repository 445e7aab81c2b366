import { describe, expect, it } from 'vitest';
import { batchPlace } from '../../../../../../renderer/src/counter/vouchers/voucher-words.ts';
import { customerFormats } from '../../../../../../renderer/src/i18n/format.ts';

describe('where a voucher batch’s package works', () => {
  it('names a local package’s country in the reader’s language, and a region as the partner named it', () => {
    expect(batchPlace({ countryCode: 'JP', coverageName: 'Japan' }, customerFormats('de'))).toBe('Japan');
    expect(batchPlace({ countryCode: 'DE', coverageName: 'Germany' }, customerFormats('fr'))).toBe('Allemagne');
    expect(batchPlace({ countryCode: null, coverageName: 'Asia' }, customerFormats('de'))).toBe('Asia');
    expect(batchPlace({ countryCode: 'xx', coverageName: 'Somewhere' }, customerFormats('en'))).toBe('Somewhere');
  });
});
