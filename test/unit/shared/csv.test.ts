import { describe, expect, it } from 'vitest';
import { safeText, toCsv } from '../../../shared/csv.ts';

describe('a CSV for a spreadsheet', () => {
  it('writes a text that a spreadsheet would run as a formula with a leading quote', () => {
    for (const text of ["=cmd|' /C calc'!A0", '+1+1', '-3 apples', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x")']) {
      expect(safeText(text)).toBe(`'${text}`);
    }
    expect(toCsv([["=cmd|' /C calc'!A0", 'Nimbus 1 GB']])).toBe(`'=cmd|' /C calc'!A0,Nimbus 1 GB\n`);
  });

  it('leaves numbers, decimal amounts and ordinary text as they are', () => {
    expect(toCsv([[-3, '-1.50', '16.00', '-7', 'Chris', '2026-11-25', '']])).toBe('-3,-1.50,16.00,-7,Chris,2026-11-25,\n');
    expect(safeText('-1.5.0')).toBe("'-1.5.0");
  });

  it('quotes a field with a comma, quote or line break, writes null as empty, and heads first', () => {
    expect(toCsv([['a,b', 'say "hi"', null]], { columns: ['x', 'y', 'z'] })).toBe('x,y,z\n"a,b","say ""hi""",\n');
  });

  it('writes for Excel with a byte-order mark and CRLF', () => {
    expect(toCsv([['a'], ['b']], { windows: true })).toBe('\uFEFFa\r\nb\r\n');
  });
});
