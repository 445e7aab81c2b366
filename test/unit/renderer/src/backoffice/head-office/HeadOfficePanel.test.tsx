import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ShippingStatus } from '../../../../../../renderer/src/backoffice/head-office/HeadOfficePanel.tsx';
import { showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';
import { useStore } from '../../../../../../renderer/src/state/store.ts';
import type { ChainStatus } from '../../../../../../shared/chain.ts';
import type { AppInfo } from '../../../../../../shared/contract.ts';

const base: ChainStatus = {
  state: 'in_sync',
  waiting: 0,
  lastShippedAt: '2026-11-20T09:30:00.000Z',
  storeId: 'LHR-T5',
  counterId: 'K2',
  server: 'db.example.com:5432/chain',
  environment: 'production',
  problem: null,
  nextAttemptAt: null,
};

const text = (status: Partial<ChainStatus>) =>
  renderToStaticMarkup(<ShippingStatus status={{ ...base, ...status }} />)
    .replace(/<\/p>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/[\u2066\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

describe("the head office's status on the Settings screen", () => {
  afterEach(() => useStore.setState({ info: null }));

  it('says in sync, N waiting or cannot be reached, with when it last sent, on the store’s clock', async () => {
    await showLanguage('en', ['chain', 'settings']);
    useStore.setState({ info: { timeZone: 'Europe/London', locale: 'en-GB' } as AppInfo });
    expect(text({})).toContain('This counter is K2 of store LHR-T5.');
    expect(text({})).toMatch(/Head office: in sync\. Last sent at [^.]*2026, 09:30\./);
    expect(text({})).toContain('Sends to db.example.com:5432/chain, the Production journal.');
    expect(text({ state: 'sending', waiting: 1 })).toContain('Head office: 1 change waiting to be sent.');
    expect(text({ state: 'sending', waiting: 12 })).toContain('Head office: 12 changes waiting to be sent.');
    const offline = text({ state: 'offline', waiting: 340, nextAttemptAt: '2026-11-20T10:01:00.000Z' });
    expect(offline).toContain('cannot be reached. 340 changes are waiting, kept safe on this counter.');
    expect(offline).toContain('Next try at 10:01.');
    expect(text({ state: 'refused', problem: '28P01' })).toContain('refused this counter (code 28P01)');
    expect(text({ state: 'not_joined', server: null, lastShippedAt: null })).toBe(
      'This counter is K2 of store LHR-T5. Every order it sends the eSIM service carries both, so counters sharing one account each close only their own orders. Not joined to a head office.',
    );
  });

  it('speaks the manager’s language, plurals included', async () => {
    await showLanguage('de', ['chain', 'settings']);
    expect(text({ state: 'sending', waiting: 1 })).toContain('Zentrale: 1 Änderung wartet auf das Senden.');
    expect(text({ state: 'sending', waiting: 3 })).toContain('Zentrale: 3 Änderungen warten auf das Senden.');
    await showLanguage('ar', ['chain', 'settings']);
    expect(text({ state: 'sending', waiting: 2 })).toContain('تغييران');
    await showLanguage('en', ['chain', 'settings']);
  });
});
