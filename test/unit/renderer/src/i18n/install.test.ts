import { describe, expect, it } from 'vitest';
import { WORDS } from '../../../../../renderer/src/i18n/install.ts';

describe('the customer display’s words', () => {
  it('leave the practice mark to the counter’s one word, untranslated, in every language', () => {
    for (const [language, words] of Object.entries(WORDS)) {
      // The display shows "DEMO — …" or "TRAINING — …" as the counter's banner does; the hint only explains.
      expect(words.practiceHint, language).not.toMatch(/DEMO|TRAINING|SCHULUNG|FORMATION|FORMACI[OÓ]N/);
      expect(words.practiceHint.length, language).toBeGreaterThan(10);
    }
  });

  it('say which eSIM a top-up is for, by its last digits', () => {
    expect(WORDS.en.esimEnding('04826')).toBe('eSIM ending in …04826');
    expect(WORDS.de.esimEnding('04826')).toContain('…04826');
  });
});
