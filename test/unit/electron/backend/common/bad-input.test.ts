import { describe, expect, it } from 'vitest';
import { unstorableTextFields } from '../../../../../electron/backend/common/bad-input.ts';

describe('unstorableTextFields', () => {
  it('names every string, however deep, holding a lone surrogate or a control character', () => {
    const input = {
      staffId: '\ud800',
      name: 'Bo\u0000b',
      fine: 'Zoë 😀 \u200fשלום\u202e',
      nested: { list: ['ok', 'a\udc00b', 'esc \u001b[31m', 'c1 \u0085'] },
    };
    expect(unstorableTextFields(input).sort()).toEqual(['name', 'nested.list.1', 'nested.list.2', 'nested.list.3', 'staffId']);
  });

  it('keeps tab and line breaks, which multi-line text holds, and whole astral characters', () => {
    expect(unstorableTextFields({ address: 'Hauptstr. 1\r\n10115 Berlin\tDE', emoji: '\ud83d\ude00' })).toEqual([]);
  });

  it('names a key the journal could not keep, with U+FFFD for what it cannot quote', () => {
    expect(unstorableTextFields({ '\ud800x': 1, ok: { 'a\u0000': true } }).sort()).toEqual(['ok.a\ufffd', '\ufffdx']);
  });

  it('answers the input as a whole when it is itself such a string', () => {
    expect(unstorableTextFields('\u0000')).toEqual(['(input)']);
    expect(unstorableTextFields(42)).toEqual([]);
    expect(unstorableTextFields(null)).toEqual([]);
  });

  it('never throws, on a cycle or on nesting deeper than any stack', () => {
    const cycle: Record<string, unknown> = { name: '\u0000' };
    cycle.self = cycle;
    expect(unstorableTextFields(cycle)).toEqual(['name']);
    let deep: unknown = '\u0000';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(unstorableTextFields(deep)).toHaveLength(1);
  });
});
