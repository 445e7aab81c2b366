import { afterEach, describe, expect, it } from 'vitest';
import { matchedEsim, statusLabel } from '../../../../../../renderer/src/components/history/history-words.ts';
import { i18n, showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';
import type { SaleView } from '../../../../../../shared/sales.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('statusLabel', () => {
  it('says what the service last said, unless the sale was voided', () => {
    expect(statusLabel({ status: 'completed', voided: null })).toBe('Sold');
    expect(statusLabel({ status: 'submitting', voided: null })).toBe('Being sent');
    expect(statusLabel({ status: 'not_found', voided: null })).toBe('Not issued');
    expect(statusLabel({ status: 'failed', voided: { byStaffId: 's', at: '2026-01-01T00:00:00Z', reason: 'x' } })).toBe('Voided');
  });

  it('in the reader’s language', async () => {
    await showLanguage('de', ['history']);
    expect(statusLabel({ status: 'completed', voided: null })).toBe('Verkauft');
    expect(statusLabel({ status: 'failed', voided: { byStaffId: 's', at: '2026-01-01T00:00:00Z', reason: 'x' } })).toBe(
      'Storniert',
    );
  });
});

describe('matchedEsim', () => {
  const sale = { esims: [{ iccid: '8944601000000001021' }, { iccid: '8944601000000001039' }] } as unknown as SaleView;
  it('finds the eSIM an ICCID search was for, and none for another search', () => {
    expect(matchedEsim(sale, '1039')).toBe(1);
    expect(matchedEsim(sale, 'walk-in@example.com')).toBe(-1);
    expect(matchedEsim(sale, null)).toBe(-1);
  });
});
