import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VoucherRow } from '../../../../../../renderer/src/counter/history/VoucherRow.tsx';
import { showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';
import { useStore } from '../../../../../../renderer/src/state/store.ts';
import type { AppInfo } from '../../../../../../shared/contract.ts';
import type { VoucherBatchView } from '../../../../../../shared/vouchers.ts';

const batch = (status: VoucherBatchView['status']): VoucherBatchView => ({
  id: '6f1c2b3a-0000-4000-8000-000000000001',
  status,
  packageId: 'mango-jp-1gb-7d',
  packageTitle: 'Mango Net 1 GB - 7 Days',
  packageData: '1 GB',
  packageDays: 7,
  countryCode: 'JP',
  coverageName: 'Japan',
  quantity: 3,
  bookingReference: null,
  codes: [],
  unitPrice: { minor: 450, currency: 'USD' },
  paymentMethod: 'card',
  staffId: 's1',
  createdAt: '2026-11-27T10:00:00.000Z',
  completedAt: null,
  printedAt: null,
  refusal: null,
});

const text = (b: VoucherBatchView) =>
  renderToStaticMarkup(
    <table>
      <tbody>
        <VoucherRow batch={b} staffName="Chris Clerk" selected={false} />
      </tbody>
    </table>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('a voucher batch in History', () => {
  // History shows the time alone for today's lines and the date before it otherwise, so the clock
  // is the batch's day: the line reads the same whichever day the suite runs on.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T15:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    useStore.setState({ info: null });
  });

  it('is a line like a sale’s: kind, package, reference and clerk, codes, amount and payment, and its status', async () => {
    await showLanguage('en', ['history', 'common']);
    useStore.setState({ info: { timeZone: 'UTC', locale: 'en-US' } as AppInfo });
    expect(text(batch('uncertain'))).toMatch(
      /^10:00\sAM Vouchers Mango Net 1 GB - 7 Days 6F1C2B3A · Chris Clerk 3 codes \$13\.50 Card Being checked$/,
    );
    expect(text(batch('failed'))).toMatch(/ Failed$/);
    expect(text(batch('completed'))).toMatch(/ Sold$/);
  });

  it('a batch of an earlier day carries its date', async () => {
    await showLanguage('en', ['history', 'common']);
    useStore.setState({ info: { timeZone: 'UTC', locale: 'en-US' } as AppInfo });
    vi.setSystemTime(new Date('2026-11-28T09:00:00.000Z'));
    expect(text(batch('completed'))).toMatch(/^11\/27\/26,? 10:00\sAM Vouchers /);
  });

  it('says so in the clerk’s language', async () => {
    await showLanguage('de', ['history', 'common']);
    expect(text(batch('failed'))).toContain('Gutscheine');
    expect(text(batch('failed'))).toContain('3 Codes');
  });
});
