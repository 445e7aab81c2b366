/**
 * The desktop answer to `print.page`: the backend checks the caller's role and input (and answers
 * `handled: false`, as it must in browser mode); then the shell prints the calling window with the
 * manager's printer settings, or saves it as a PDF in the user's documents.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { WebContents } from 'electron';
import { methods } from '../../shared/contract.ts';
import type { Result } from '../../shared/errors.ts';
import type { PrinterSettings } from '../../shared/settings.ts';
import type { PrintResult } from '../../shared/printing.ts';
import { printContents, printToPdf } from './printing.ts';

export type PrintDeps = {
  readonly printerSettings: () => PrinterSettings;
  /** The folder PDFs are saved in (Documents/eSIM Counter). */
  readonly pdfFolder: () => string;
  readonly now?: () => number;
};

type Printable = Pick<WebContents, 'print' | 'getPrintersAsync' | 'printToPDF'>;

export async function printPage(contents: Printable, rawInput: unknown, deps: PrintDeps): Promise<Result<PrintResult>> {
  const input = methods['print.page'].input.parse(rawInput ?? {});
  const saved = deps.printerSettings();
  const paper = input.paper ?? saved.paper;
  if (input.pdf) {
    const pdf = await printToPdf(contents, paper, input.lengthMm);
    const folder = deps.pdfFolder();
    fs.mkdirSync(folder, { recursive: true });
    const stamp = new Date((deps.now ?? Date.now)()).toISOString().replace(/[:.]/g, '-');
    const file = path.join(folder, `esim-counter-${stamp}.pdf`);
    fs.writeFileSync(file, pdf);
    return { ok: true, value: { handled: true, printed: true, via: 'pdf', pdfPath: file } };
  }
  const outcome = await printContents(contents, { printerName: saved.printerName, paper, silent: saved.silent }, input.lengthMm);
  const printer = saved.printerName ?? undefined;
  const value: PrintResult = outcome.printed
    ? { handled: true, printed: true, via: 'os', ...(printer && { printer }), ...(outcome.note && { note: outcome.note }) }
    : { handled: true, printed: false, problem: outcome.problem, detail: outcome.detail, ...(printer && { printer }) };
  return { ok: true, value };
}

/** Wraps the backend's dispatcher so `print.page` reaches the calling window. */
export function withPrinting(
  dispatch: (method: string, input: unknown) => Promise<Result<unknown>>,
  deps: PrintDeps,
): (method: string, input: unknown, sender: Printable) => Promise<Result<unknown>> {
  return async (method, input, sender) => {
    const checked = await dispatch(method, input);
    if (method !== 'print.page' || !checked.ok) return checked;
    return printPage(sender, input, deps);
  };
}
