/**
 * The renderer never shows the backend's English: an AppError's `message` is for the log and API
 * callers, and a failed order's stored `reason` is worded by its code (describeSaleFailure). Read
 * with the type checker, so `error.message`, `result.error.message` and `const { message } = error`
 * are all found, whatever the variable is called, and a `message` of anything else is not.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const posix = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** The only module that may read a failed order's stored reason: it decides when it is the partner's words. */
const WORDS_MODULE = 'renderer/src/errors.ts';

/**
 * Screens other helpers are translating: they show an unsettled order's stored reason until they
 * say it with describeSaleFailure(…).words.
 */
const PENDING = new Set<string>();

/** The properties no screen may show, by the file and type that declare them. */
const FORBIDDEN = [
  { file: 'shared/errors.ts', type: 'AppError', property: 'message' },
  { file: 'shared/sales.ts', type: 'OrderFailure', property: 'reason' },
];

function options(): { fileNames: string[]; options: ts.CompilerOptions } {
  const configFile = path.join(root, 'tsconfig.web.json');
  const config = ts.readConfigFile(configFile, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, root, { noEmit: true }, configFile);
}

/** The renderer as tsc sees it; or, with `virtual`, one made-up file beside its sources. */
function program(virtual?: { file: string; text: string }): ts.Program {
  const parsed = options();
  if (!virtual) return ts.createProgram(parsed.fileNames, parsed.options);
  const host = ts.createCompilerHost(parsed.options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => name === virtual.file || fileExists(name);
  host.readFile = (name) => (name === virtual.file ? virtual.text : readFile(name));
  host.getSourceFile = (name, language, ...rest) =>
    name === virtual.file ? ts.createSourceFile(name, virtual.text, language) : getSourceFile(name, language, ...rest);
  return ts.createProgram([virtual.file], parsed.options, host);
}

/** Which forbidden property a symbol is, if any. */
function forbiddenOf(symbol: ts.Symbol | undefined): (typeof FORBIDDEN)[number] | undefined {
  for (const declaration of symbol?.declarations ?? []) {
    const file = posix(declaration.getSourceFile().fileName);
    const owner = declaration.parent?.parent;
    const typeName = owner && ts.isTypeAliasDeclaration(owner) ? owner.name.text : undefined;
    const found = FORBIDDEN.find((f) => f.file === file && f.type === typeName && f.property === symbol?.name);
    if (found) return found;
  }
  return undefined;
}

function reads(checker: ts.TypeChecker, source: ts.SourceFile): string[] {
  const file = posix(source.fileName);
  const found: string[] = [];
  const note = (node: ts.Node, what: (typeof FORBIDDEN)[number]) => {
    if (what.property === 'reason' && file === WORDS_MODULE) return;
    found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} reads ${what.type}.${what.property}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node)) {
      const what = forbiddenOf(checker.getSymbolAtLocation(node.name));
      if (what) note(node, what);
    }
    if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression)) {
      const what = forbiddenOf(checker.getSymbolAtLocation(node.argumentExpression));
      if (what) note(node, what);
    }
    if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const name = node.propertyName ?? node.name;
      if (ts.isIdentifier(name)) {
        const property = checker.getTypeAtLocation(node.parent).getProperty(name.text);
        const what = forbiddenOf(property);
        if (what) note(node, what);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// Type-checking the whole renderer is CPU-bound: about 25 s alone, several times that on a machine
// whose cores are busy with other work. The timeout only stops a hang.
describe('the renderer never shows the backend’s English', { timeout: 300_000 }, () => {
  const built = program();
  const checker = built.getTypeChecker();
  const sources = built.getSourceFiles().filter((s) => posix(s.fileName).startsWith('renderer/src/'));

  it('finds a message read under any name, and nothing else called message (the scan can fail)', () => {
    const file = path.join(root, 'renderer/src/scan-probe.ts');
    const text = `
      import type { AppError, Result } from '../../shared/errors.ts';
      import type { OrderFailure } from '../../shared/sales.ts';
      declare const oops: AppError;
      declare const result: Result<number>;
      declare const failure: OrderFailure;
      const plain = { message: 'fine', reason: 'fine' };
      export const a = oops.message;
      export const b = !result.ok ? result.error['message'] : '';
      export const { message: c } = oops;
      export const d = failure.reason;
      export const e = plain.message + plain.reason + new Error('x').message;`;
    const probe = program({ file, text });
    const found = reads(probe.getTypeChecker(), probe.getSourceFile(file)!).map((line) => line.replace(/^.*:(\d+) /, '$1 '));
    expect(found).toEqual([
      '8 reads AppError.message',
      '9 reads AppError.message',
      '10 reads AppError.message',
      '11 reads OrderFailure.reason',
    ]);
    expect(sources.length).toBeGreaterThan(50);
  });

  it('no screen reads an AppError’s message or a failed order’s stored reason', () => {
    const found = sources.filter((s) => !PENDING.has(posix(s.fileName))).flatMap((s) => reads(checker, s));
    expect(found).toEqual([]);
  });
});
