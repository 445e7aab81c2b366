import { describe, expect, it } from 'vitest';
import { code128Data, encodeDrawerKick, encodeReceipt } from '../../../../../electron/backend/printing/escpos.ts';
import { fitsPrinterText, type ReceiptBlockInput } from '../../../../../shared/printing.ts';
import { receiptJobSchema } from '../../../../../shared/receipt-job.ts';
import { parseEscPos } from '../../../../support/fake-printer.ts';

const job = (blocks: ReceiptBlockInput[]) => receiptJobSchema.parse({ blocks });
const LPA = 'LPA:1$sm-dp.example.com$K2-ABCD-1234-EFGH';

describe('a receipt in ESC/POS', () => {
  it('prints text, the native QR code and Code 128 with exactly the eSIM’s data, then cuts', () => {
    const bytes = encodeReceipt(
      job([
        { kind: 'text', text: 'Harbour Phones', align: 'center', size: 'large', bold: true },
        { kind: 'text', text: 'VAT DE123456789', align: 'center' },
        { kind: 'rule' },
        { kind: 'qr', data: LPA },
        { kind: 'barcode', data: '89440000000000000017' },
        { kind: 'pair', label: 'Total', value: '€ 12.00' },
      ]),
      80,
    );
    const printed = parseEscPos(bytes);
    expect(printed.unknown).toEqual([]);
    expect(printed.lines).toContain('Harbour Phones');
    expect(printed.largeLines).toEqual(['Harbour Phones']);
    expect(printed.lines).toContain('VAT DE123456789');
    expect(printed.lines).toContain('─'.repeat(48));
    expect(printed.qrCodes).toEqual([LPA]);
    expect(printed.barcodes).toEqual([{ symbology: 0x49, data: '89440000000000000017' }]);
    // The total flush with the end of a 48-column line.
    expect(printed.lines.find((l) => l.startsWith('Total'))).toMatch(/^Total {36}€ 12\.00$/);
    expect(printed.cuts).toBe(1);
    expect(printed.pulses).toEqual([]);
  });

  it('lays 58 mm receipts out on 32 columns', () => {
    const printed = parseEscPos(
      encodeReceipt(
        job([
          { kind: 'rule' },
          { kind: 'pair', label: 'Revenue', value: '1,234.00' },
          { kind: 'pair', label: 'A label long enough to need its own line', value: '99' },
        ]),
        58,
      ),
    );
    expect(printed.lines[0]).toBe('─'.repeat(32));
    expect(printed.lines[1]).toHaveLength(32);
    expect(printed.lines).toContain('99');
  });

  it('writes German, French, Polish, Turkish, Russian and Greek in the printer’s code pages, switching as the words need', () => {
    const words = [
      'Grüße aus Köln',
      'Ça coûte 5 €',
      'Zażółć gęślą jaźń',
      'Teşekkürler, iyi günler',
      'Спасибо за покупку',
      'Ευχαριστούμε',
    ];
    const printed = parseEscPos(encodeReceipt(job(words.map((text) => ({ kind: 'text', text }))), 80));
    expect(printed.lines.slice(0, words.length)).toEqual(words);
    expect(new Set(printed.codepages).size).toBeGreaterThan(1);
    expect(printed.unknown).toEqual([]);
  });

  it('prints every character fitsPrinterText lets through as itself, never as “?”', () => {
    const accepted: string[] = [];
    for (let code = 0x20; code < 0x2100; code++) {
      const char = String.fromCodePoint(code);
      // Spaces Intl uses in amounts print as a plain space, the minus sign as a hyphen, direction marks as nothing (below).
      const stands = [0x2007, 0x2009, 0x202f, 0xa0, 0xad, 0x2212, 0x200e, 0x200f, 0x2066, 0x2067, 0x2068, 0x2069];
      if (fitsPrinterText(char) && !stands.includes(code)) accepted.push(char);
    }
    expect(accepted.length).toBeGreaterThan(400);
    const lines: string[] = [];
    for (let i = 0; i < accepted.length; i += 40) lines.push(accepted.slice(i, i + 40).join(''));
    const printed = parseEscPos(encodeReceipt(job(lines.map((text) => ({ kind: 'text', text }))), 80));
    expect(printed.lines.slice(0, lines.length)).toEqual(lines.map((line) => line.trim()));
    const missing = accepted.filter((char) => char !== ' ' && !printed.lines.join('').includes(char));
    expect(missing).toEqual([]);
  });

  it('prints a line whose values are isolated for right-to-left text as text, without the invisible isolates', () => {
    const line = '\u206825.11.2026, 11:00\u2069 · \u2068EC-20261125-ABC\u2069';
    expect(fitsPrinterText(line)).toBe(true);
    const printed = parseEscPos(encodeReceipt(job([{ kind: 'text', text: line }]), 80));
    expect(printed.lines[0]).toBe('25.11.2026, 11:00 · EC-20261125-ABC');
    expect(printed.images).toEqual([]);
  });

  it('prints the minus sign of a change or a negative amount as a hyphen, as text', () => {
    expect(fitsPrinterText('−3% · −€1.50')).toBe(true);
    const printed = parseEscPos(encodeReceipt(job([{ kind: 'pair', label: 'Margin', value: '€250.00 −1.2%' }]), 58));
    expect(printed.lines[0]).toBe(`Margin${' '.repeat(32 - 6 - 13)}€250.00 -1.2%`);
    expect(printed.images).toEqual([]);
  });

  it('prints pictures of text the printer has no code page for, bit for bit', () => {
    // 16 dots wide, 3 rows: a black bar, a checker, white.
    const bits = Buffer.from([0xff, 0xff, 0xaa, 0x55, 0x00, 0x00]);
    const printed = parseEscPos(encodeReceipt(job([{ kind: 'image', width: 16, height: 3, bits: bits.toString('base64') }]), 80));
    expect(printed.images).toHaveLength(1);
    const image = printed.images[0]!;
    expect(image.width).toBe(16);
    // Padded to a band of 8 rows with white.
    expect(image.height).toBe(8);
    expect([...image.bits.subarray(0, 6)]).toEqual([...bits]);
    expect(image.bits.subarray(6).every((byte) => byte === 0)).toBe(true);
  });

  it('opens the drawer with ESC p on pin 2, 100 ms on and 500 ms off, and prints nothing else', () => {
    const printed = parseEscPos(encodeDrawerKick(80));
    expect(printed.pulses).toEqual([{ pin: 0, onMs: 100, offMs: 500 }]);
    expect(printed.cuts).toBe(0);
    expect(printed.lines.filter(Boolean)).toEqual([]);
  });
});

describe('Code 128 data', () => {
  it('packs digits in pairs (code set C), an odd last digit in code set B, and anything else in B', () => {
    expect(code128Data('8944')).toBe('{C' + String.fromCharCode(89, 44));
    expect(code128Data('89440')).toBe('{C' + String.fromCharCode(89, 44) + '{B0');
    expect(code128Data('AB{1')).toBe('{BAB{{1');
    expect(code128Data('123')).toBe('{B123');
  });
});

describe('fitsPrinterText', () => {
  it('lets Latin, Greek and Cyrillic through and sends every other script to be drawn', () => {
    expect(fitsPrinterText('Ünïcödé – “ok” …')).toBe(true);
    expect(fitsPrinterText('Привет')).toBe(true);
    for (const text of ['こんにちは', '你好', '안녕하세요', 'สวัสดี', 'مرحبا', 'नमस्ते', '₹ 500', '€ 5 ₽']) {
      expect(fitsPrinterText(text), text).toBe(false);
    }
  });
});
