import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { TopupOffers } from '../../../../../../renderer/src/counter/topup/TopupOffers.tsx';
import { i18n, showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';
import type { TopupOffer } from '../../../../../../shared/sales.ts';

const offer = (id: string, days: number, extra: Partial<TopupOffer> = {}) =>
  ({ id, dataText: '3 GB', days, title: 'Asia 3 GB', retail: { minor: 1250, currency: 'EUR' }, ...extra }) as TopupOffer;

const text = (offers: TopupOffer[]) =>
  renderToStaticMarkup(<TopupOffers offers={offers} onPick={() => undefined} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('TopupOffers', () => {
  it('says days, calls and texts with the plural the number needs', () => {
    const out = text([
      offer('a', 1, { voiceMinutes: 1, textMessages: 1 }),
      offer('b', 30, { voiceMinutes: 100, textMessages: 50 }),
    ]);
    expect(out).toContain('1 day');
    expect(out).toContain('30 days');
    expect(out).toContain('Asia 3 GB · 1 min calls · 1 text ');
    expect(out).toContain('Asia 3 GB · 100 min calls · 50 texts');
    expect(out).toContain('€12.50');
  });

  it('in Arabic: the dual for two days, and what to sell when there is nothing to top up', async () => {
    await showLanguage('ar', ['topup']);
    expect(text([offer('a', 2)])).toContain('يومان');
    expect(text([])).toContain('لا تقدم خدمة eSIM أي باقات شحن');
  });
});
