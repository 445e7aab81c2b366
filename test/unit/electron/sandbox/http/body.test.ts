import { describe, expect, it } from 'vitest';
import { foldBrackets, intOf, isEmail, list } from '../../../../../electron/sandbox/http/body.ts';

describe('foldBrackets', () => {
  it('folds name[] into arrays and name[i][field] into lists of objects', () => {
    expect(
      foldBrackets([
        ['package_id', 'x'],
        ['sharing_option[]', 'link'],
        ['sharing_option[]', 'pdf'],
        ['vouchers[0][package_id]', 'a'],
        ['vouchers[0][quantity]', '2'],
        ['vouchers[1][package_id]', 'b'],
      ]),
    ).toEqual({
      package_id: 'x',
      sharing_option: ['link', 'pdf'],
      vouchers: [{ package_id: 'a', quantity: '2' }, { package_id: 'b' }],
    });
  });

  it('reads lists and integers the way every encoding sends them', () => {
    expect(list({ a: ['x'] }, 'a')).toEqual(['x']);
    expect(list({ 'a[]': 'x' }, 'a')).toEqual(['x']);
    expect(list({ a: 'x' }, 'a')).toEqual(['x']);
    expect(list({}, 'a')).toBeNull();
    expect(intOf('12')).toBe(12);
    expect(intOf(3)).toBe(3);
    expect(intOf('1.5')).toBeNull();
    expect(isEmail('user@yopmailcom')).toBe(true);
    expect(isEmail('nope')).toBe(false);
  });
});
