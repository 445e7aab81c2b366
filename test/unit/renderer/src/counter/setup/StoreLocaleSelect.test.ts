import { describe, expect, it } from 'vitest';
import {
  COMMON_STORE_LOCALES,
  defaultStoreLocale,
  storeLocaleOptions,
} from '../../../../../../renderer/src/counter/setup/StoreLocaleSelect.tsx';
import { storeLocaleSchema } from '../../../../../../shared/settings.ts';

describe('the store locale choices', () => {
  it('are all locales the backend accepts, and so is the default', () => {
    for (const tag of [...COMMON_STORE_LOCALES, defaultStoreLocale()])
      expect(storeLocaleSchema.safeParse(tag).success, tag).toBe(true);
  });

  it('name each locale in the reader’s language with an example of its clock', () => {
    const en = new Map(storeLocaleOptions('en', 'en-US').map((o) => [o.tag, o.label]));
    expect(en.get('en-US')).toMatch(/^English \(United States\) — 2:05\sPM$/);
    expect(en.get('en-GB')).toBe('English (United Kingdom) — 14:05');
    expect(en.get('de-DE')).toBe('German (Germany) — 14:05');
    const de = new Map(storeLocaleOptions('de', 'de-DE').map((o) => [o.tag, o.label]));
    expect(de.get('de-DE')).toBe('Deutsch (Deutschland) — 14:05');
    expect(de.get('en-US')).toMatch(/^Englisch \(Vereinigte Staaten\) — 2:05\sPM$/);
  });

  it('are in the reader’s alphabetical order, and keep a store’s own locale that is not a common one', () => {
    const labels = storeLocaleOptions('de', 'de-DE').map((o) => o.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('de').compare));
    const own = storeLocaleOptions('en', 'fi-FI');
    expect(own.map((o) => o.tag)).toContain('fi-FI');
    expect(own.find((o) => o.tag === 'fi-FI')!.label).toBe('Finnish (Finland) — 14:05');
    expect(storeLocaleOptions('en', 'en-US').map((o) => o.tag)).not.toContain('fi-FI');
  });
});
