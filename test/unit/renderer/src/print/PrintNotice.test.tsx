import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, showLanguage } from '../../../../../renderer/src/i18n/i18n.ts';
import { PrintNotice } from '../../../../../renderer/src/print/PrintNotice.tsx';
import type { PrintResult } from '../../../../../shared/printing.ts';

afterEach(() => i18n.changeLanguage('en'));

const text = (result: PrintResult | null, props: { saleSafe?: boolean; drawer?: boolean } = {}) =>
  renderToStaticMarkup(<PrintNotice result={result} {...props} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('how a print ended, in the clerk’s words', () => {
  it('says nothing for a plain print through the OS, a cancelled dialog, the browser’s dialog, or a drawer that opened', () => {
    expect(text({ handled: true, printed: true, via: 'os' })).toBe('');
    expect(text({ handled: true, printed: false, problem: 'cancelled' })).toBe('');
    expect(text({ handled: false })).toBe('');
    expect(text(null)).toBe('');
    expect(text({ handled: true, printed: true, via: 'escpos', printer: '10.0.0.9:9100' }, { drawer: true })).toBe('');
  });

  it('names the thermal printer, the PDF, and why the dialog opened instead of printing silently', () => {
    expect(text({ handled: true, printed: true, via: 'escpos', printer: '10.0.0.9:9100' })).toBe('Printed on 10.0.0.9:9100.');
    expect(text({ handled: true, printed: true, via: 'pdf', pdfPath: '/home/shop/v.pdf' })).toBe('Saved as /home/shop/v.pdf.');
    expect(text({ handled: true, printed: true, via: 'os', printer: 'EPSON', note: 'printer_missing' })).toContain(
      'The printer “EPSON” is not installed',
    );
  });

  it('says what to check when the printer is off, that the sale is safe, and that the drawer stayed shut — never the system’s words', () => {
    const off: PrintResult = {
      handled: true,
      printed: false,
      problem: 'refused',
      printer: '10.0.0.9:9100',
      detail: 'ECONNREFUSED',
    };
    expect(text(off, { saleSafe: true })).toBe(
      'The printer at 10.0.0.9:9100 does not answer. Is it switched on? The sale is saved. Print again when the printer is ready.',
    );
    expect(text(off, { drawer: true })).toBe(
      'The cash drawer did not open. The printer at 10.0.0.9:9100 does not answer. Is it switched on?',
    );
    expect(text(off)).not.toContain('ECONNREFUSED');
  });

  it('in German, too', async () => {
    await showLanguage('de', ['print']);
    expect(text({ handled: true, printed: false, problem: 'timeout', printer: 'bon' })).toBe(
      'Der Drucker unter bon hat zu lange nicht geantwortet. Prüfen Sie Papier, Deckel und Kabel.',
    );
  });
});
