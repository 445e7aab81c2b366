import { afterEach, describe, expect, it } from 'vitest';
import { futureFailureWords, futureStatusWords } from '../../../../../../renderer/src/counter/orders/future-words.ts';
import { i18n, showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';
import { FUTURE_FAILURE_CODES, FUTURE_ORDER_STATUSES } from '../../../../../../shared/orders.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('futureStatusWords', () => {
  it('says a scheduled order the service is trying again as such', () => {
    expect(futureStatusWords({ status: 'scheduled', partnerStatus: 'pending' })).toBe('Scheduled');
    expect(futureStatusWords({ status: 'scheduled', partnerStatus: 'retry' })).toBe('Scheduled; the service is trying again');
    expect(futureStatusWords({ status: 'fulfilled', partnerStatus: null })).toBe('Made and e-mailed');
  });

  it('has words for every state, in the reader’s language', async () => {
    await showLanguage('de', ['orders']);
    for (const status of FUTURE_ORDER_STATUSES) {
      expect(futureStatusWords({ status, partnerStatus: null })).not.toMatch(/^status\.|orders:/);
    }
    expect(futureStatusWords({ status: 'cancelled', partnerStatus: null })).toBe('Storniert');
  });
});

describe('futureFailureWords', () => {
  it('words every failure code, and keeps the service’s own words apart', () => {
    for (const code of FUTURE_FAILURE_CODES) {
      expect(futureFailureWords({ code }).words).not.toMatch(/^failure\.|orders:/);
    }
    expect(futureFailureWords({ code: 'rejected', partnerMessage: 'The package is not available.' })).toEqual({
      words: 'The eSIM service refused the order.',
      detail: 'The package is not available.',
    });
    expect(futureFailureWords(null)).toEqual({ words: 'The eSIM service refused the order.', detail: null });
  });
});
