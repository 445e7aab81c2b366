import { afterEach, describe, expect, it } from 'vitest';
import {
  matchedEsim,
  refundable,
  statusLabel,
  topupStatusLabel,
} from '../../../../../../renderer/src/counter/history/history-words.ts';
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

describe('refundable', () => {
  const sale = { esims: ['a', 'b', 'c', 'd'].map((iccid) => ({ iccid })) } as unknown as SaleView;
  const refund = (iccid: string, state: 'in_review' | 'refunded' | 'unclear' | 'refused') => ({
    iccid,
    state,
    requestId: 'r',
    requestedAt: '2026-01-01T00:00:00Z',
  });

  it('leaves out the eSIMs refunded; a refused or unclear one may be asked for again', () => {
    expect(refundable(sale, [])).toEqual(['a', 'b', 'c', 'd']);
    expect(refundable(sale, [refund('a', 'refunded'), refund('c', 'refused'), refund('d', 'unclear')])).toEqual(['b', 'c', 'd']);
  });

  it('offers none while a request for one of its eSIMs is with the service, as the backend refuses it', () => {
    expect(refundable(sale, [refund('a', 'refunded'), refund('b', 'in_review')])).toEqual([]);
  });
});

describe('topupStatusLabel', () => {
  it('says a done top-up was topped up, not sold; otherwise as a sale', async () => {
    expect(topupStatusLabel('completed')).toBe('Topped up');
    expect(topupStatusLabel('failed')).toBe(statusLabel({ status: 'failed', voided: null }));
    await showLanguage('de', ['history']);
    expect(topupStatusLabel('completed')).toBe('Aufgeladen');
  });
});
