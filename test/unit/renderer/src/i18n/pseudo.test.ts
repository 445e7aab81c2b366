import { describe, expect, it } from 'vitest';
import { pseudoCatalog, pseudoString } from '../../../../../renderer/src/i18n/pseudo.ts';

describe('the pseudo-locale', () => {
  it('accents every letter, makes the text about 40 % longer and brackets it', () => {
    const out = pseudoString('Sell the eSIM');
    expect(out).toMatch(/^\[Šéĺĺ ŧĥé éŠÍṀ ~+\]$/);
    expect(out.length).toBeGreaterThan('Sell the eSIM'.length * 1.3);
  });

  it('pads in words of at most eight characters, so a long sentence still wraps', () => {
    const out = pseudoString('The eSIM service e-mails this address when a customer’s eSIM is running out of data');
    expect(out).toMatch(/ ~{8} ~{8} ~+\]$/);
    expect(out.match(/~+/g)!.every((word) => word.length <= 8)).toBe(true);
  });

  it('leaves placeholders, nesting and tags as they are, so the words still work', () => {
    expect(pseudoString('Hello {{name}}, see $t(common:nav.sell) <b>now</b>')).toMatch(
      /^\[Ĥéĺĺó \{\{name\}\}, šéé \$t\(common:nav.sell\) <b>ñóŵ<\/b> ~+\]$/,
    );
  });

  it('turns a whole catalogue, nested keys too', () => {
    expect(pseudoCatalog({ a: 'Go', b: { c: 'Stop' } })).toEqual({ a: '[Ĝó ~]', b: { c: '[Šŧóþ ~~]' } });
  });
});
