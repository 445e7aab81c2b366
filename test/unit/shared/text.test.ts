import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { isStorableText, oneLine } from '../../../shared/text.ts';

describe('isStorableText', () => {
  it('takes well-formed text of any script, astral characters and direction marks included', () => {
    for (const text of ['', 'Maria', 'Zoë', '東京', 'مرحبا', '\u200f\u202e\u2066', '😀', '\u{10ffff}', 'a\tb\nc\r\n']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses lone surrogates, C0 controls but tab and line breaks, DEL and C1 controls', () => {
    for (const text of [
      '\ud800',
      '\udfff',
      'a\ud83d',
      '\u0000',
      'Bo\u0000b',
      '\u0001',
      '\u000b',
      '\u000c',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u009f',
    ]) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('oneLine', () => {
  it('refuses a tab or a line break in a one-line field, as text_chars', () => {
    const name = oneLine(z.string().trim().min(1));
    expect(name.parse('  Maria Manager ')).toBe('Maria Manager');
    for (const text of ['Maria\nManager', 'a\tb', 'a\rb', 'a\u2028b']) {
      const result = name.safeParse(text);
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('text_chars');
    }
  });
});
