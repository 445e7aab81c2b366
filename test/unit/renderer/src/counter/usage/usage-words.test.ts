import { afterEach, describe, expect, it } from 'vitest';
import {
  expiryWords,
  formatMb,
  freshnessLine,
  minutesUntil,
  shareLeft,
  statusWords,
} from '../../../../../../renderer/src/counter/usage/usage-words.ts';
import { formatsFor } from '../../../../../../renderer/src/i18n/format.ts';
import { i18n, showLanguage } from '../../../../../../renderer/src/i18n/i18n.ts';

/** English on a 24-hour store clock in `zone`. */
const en = (zone = 'UTC') => formatsFor('en', zone, 'en-GB');

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('usage words', () => {
  it('says every status in words with what to do next', () => {
    expect(statusWords('ACTIVE')).toMatchObject({ title: 'Active', tone: 'good' });
    expect(statusWords('FINISHED').next).toMatch(/top-up/);
    expect(statusWords('RECYCLED').next).toMatch(/new eSIM/);
    expect(statusWords('SOMETHING_NEW')).toMatchObject({ title: 'Unknown', tone: 'neutral' });
    // A status named like an object's own property is still one the service never sends.
    expect(statusWords('constructor').title).toBe('Unknown');
  });

  it('formats data and the share left', () => {
    expect(formatMb(300, en())).toBe('300 MB');
    expect(formatMb(1536, en())).toBe('1.5 GB');
    expect(formatMb(20480, en())).toBe('20 GB');
    expect(shareLeft(256, 1024)).toBe(0.25);
    expect(shareLeft(null, 1024)).toBeNull();
    expect(shareLeft(10, 0)).toBeNull();
  });

  it('writes a data amount as the reader’s language does', () => {
    expect(formatMb(1536, formatsFor('de', 'UTC', 'de-DE'))).toBe('1,5\u00a0GB');
    expect(formatMb(1536, formatsFor('fr', 'UTC', 'fr-FR'))).toMatch(/^1,5\s?Go$/);
    expect(formatMb(300, formatsFor('ja', 'UTC', 'ja-JP'))).toMatch(/^300\s?MB$/);
  });

  it('counts the minutes to the next refresh, rounding up', () => {
    const now = Date.parse('2025-03-01T10:00:00Z');
    expect(minutesUntil('2025-03-01T10:14:01Z', now)).toBe(15);
    expect(minutesUntil('2025-03-01T09:59:00Z', now)).toBe(0);
    // On the store's clock (Kathmandu, +5:45), not the machine's.
    expect(freshnessLine('2025-03-01T10:00:00Z', '2025-03-01T10:15:00Z', now, en('Asia/Kathmandu'))).toBe(
      'As of 15:45, next refresh in 15 min',
    );
    expect(freshnessLine('2025-03-01T09:00:00Z', '2025-03-01T09:15:00Z', now, en())).toBe(
      'As of 09:00, a new reading can be asked for now',
    );
    // A US store's 12-hour clock.
    expect(
      freshnessLine('2025-03-01T10:00:00Z', '2025-03-01T10:15:00Z', now, formatsFor('en', 'America/New_York', 'en-US')),
    ).toMatch(/^As of 5:00\sAM, next refresh in 15 min$/);
  });

  it('gives an eSIM not installed yet its install deadline, not a validity, and says when its days start', () => {
    const now = Date.parse('2026-11-22T06:52:00Z');
    const deadline = '2027-05-21T06:52:00.000Z';
    expect(expiryWords('NOT_ACTIVE', deadline, now, en())).toMatchObject({
      label: 'Install by',
      left: '180 days left to install it',
    });
    expect(statusWords('NOT_ACTIVE', 30).next).toMatch(/^Not installed yet, or not connected yet: the 30 days start when/);
    expect(statusWords('NOT_ACTIVE', 1).next).toMatch(/the 1 day starts when/);
    expect(statusWords('NOT_ACTIVE').next).toMatch(/its days start when/);
    expect(expiryWords('ACTIVE', '2026-12-22T06:52:00.000Z', now, en())).toMatchObject({
      label: 'Valid until',
      left: '30 days left',
    });
    expect(expiryWords('ACTIVE', '2026-11-23T06:52:00.000Z', now, en()).left).toBe('1 day left');
    expect(expiryWords('EXPIRED', '2026-11-01T06:52:00.000Z', now, en())).toMatchObject({ label: 'Ended', left: null });
    expect(expiryWords('NOT_ACTIVE', deadline, now, en()).when).toMatch(/2027/);
    // The deadline on the store's 24-hour clock: 06:52Z is 02:52 in New York (EDT).
    expect(expiryWords('NOT_ACTIVE', deadline, now, formatsFor('en', 'America/New_York', 'en-GB')).when).toMatch(/\b02:52$/);
  });
});

describe('usage words in other languages', () => {
  const now = Date.parse('2025-03-01T10:00:00Z');

  it('German: its words and plurals, the store’s clock', async () => {
    await showLanguage('de', ['usage']);
    const de = formatsFor('de', 'Europe/Berlin', 'de-DE');
    expect(statusWords('ACTIVE').title).toBe('Aktiv');
    expect(freshnessLine('2025-03-01T10:00:00Z', '2025-03-01T10:01:00Z', now, de)).toBe(
      'Stand 11:00, nächste Aktualisierung in 1 Min.',
    );
    expect(expiryWords('ACTIVE', '2025-03-02T10:00:00Z', now, de).left).toBe('noch 1 Tag');
    expect(expiryWords('ACTIVE', '2025-03-31T10:00:00Z', now, de).left).toBe('noch 30 Tage');
    expect(statusWords('NOT_ACTIVE', 7).next).toContain('Die Laufzeit von 7 Tagen beginnt');
  });

  it('Arabic: the forms for one, two, a few and many', async () => {
    await showLanguage('ar', ['usage']);
    const ar = formatsFor('ar', 'Asia/Dubai', 'ar-AE');
    const left = (days: number) => expiryWords('ACTIVE', new Date(now + days * 86_400_000).toISOString(), now, ar).left;
    expect(left(1)).toBe('يتبقى يوم واحد');
    expect(left(2)).toBe('يتبقى يومان');
    expect(left(3)).toMatch(/^تتبقى (3|٣) أيام$/);
    expect(left(11)).toMatch(/^يتبقى (11|١١) يومًا$/);
    expect(left(100)).toMatch(/^يتبقى (100|١٠٠) يوم$/);
  });

  it('Japanese: one form for every number', async () => {
    await showLanguage('ja', ['usage']);
    const ja = formatsFor('ja', 'Asia/Tokyo', 'ja-JP');
    expect(freshnessLine('2025-03-01T10:00:00Z', '2025-03-01T10:12:00Z', now, ja)).toBe('19:00時点、次の更新まで12分');
    expect(expiryWords('NOT_ACTIVE', '2025-03-02T10:00:00Z', now, ja).label).toBe('インストール期限');
  });
});
