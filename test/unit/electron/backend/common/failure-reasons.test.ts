/**
 * Every failure the backend raises names its reason (shared/errors.ts), so the renderer can word it
 * in the reader's language: read from the source, so a failure added with only an English message
 * fails here rather than showing the code's generic words on a screen. A code that says everything
 * by itself (SELF_EXPLAINING_CODES) needs none; a refused input may name its fields' problems instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, SELF_EXPLAINING_CODES } from '../../../../../shared/errors.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');

/**
 * Files other helpers own while the app is being translated: their failures are listed here until
 * they name reasons (the reasons exist already: sale_not_completed, topup_not_completed,
 * reveal_needs_approval; close_sales_unsettled, day_already_closed, close_takings_changed).
 */
const PENDING = new Set<string>();

/** The owner's recovery answers the command line (`npm run admin`) in English, never a screen. */
const COMMAND_LINE = new Set(['electron/backend/staff/recovery.ts']);

/** The simulator speaks as the partner service does, not to the counter. */
const sources = fs
  .readdirSync(path.join(root, 'electron'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.split(path.sep).includes('sandbox'))
  .map((file) => path.posix.join('electron', file.split(path.sep).join('/')));

/** Staff-service codes that become `bad_input` (staff/failures.ts): fields may say what is wrong. */
const INPUT_CODES = new Set(['bad_input', 'invalid']);
const ALLOWED = new Set<string>(SELF_EXPLAINING_CODES);
const ERROR_CODE_SET = new Set<string>(ERROR_CODES);

/** The names an object literal sets (`reason: …`, `reason`, but not `...spread`). */
function propertyNames(node: ts.Expression | undefined): Set<string> {
  const names = new Set<string>();
  if (!node || !ts.isObjectLiteralExpression(node)) return names;
  for (const property of node.properties) {
    if ((ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) && ts.isIdentifier(property.name)) {
      names.add(property.name.text);
    }
  }
  return names;
}

const literal = (node: ts.Expression | undefined): string | null =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;

/** Whether a failure with `code` (null: worked out at run time) and these details is worded. */
function worded(code: string | null, details: Set<string>): boolean {
  if (code !== null && ALLOWED.has(code)) return true;
  if (details.has('reason')) return true;
  return code !== null && INPUT_CODES.has(code) && details.has('fields');
}

/** Failures in one file that name no reason: `new AppFailure(…)`, `fail(…)`, `failure(…)`, `{ code, message }`. */
function unworded(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    const isNew = ts.isNewExpression(node) && node.expression.getText(source) === 'AppFailure';
    const isCall =
      ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ['fail', 'failure'].includes(node.expression.text);
    if (isNew || isCall) {
      const args = (node as ts.NewExpression | ts.CallExpression).arguments ?? ts.factory.createNodeArray();
      if (args.length >= 2 && !worded(literal(args[0]), propertyNames(args[2])))
        found.push(`${where(node)} ${node.getText(source).slice(0, 90)}`);
    }
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'AppFailure.from') {
      const [arg] = node.arguments;
      // Only what failures.ts words (scanned itself, below) may be thrown as it is.
      const callee = arg && ts.isCallExpression(arg) ? arg.expression.getText(source) : '';
      if (!['partnerFailure', 'journalUnavailable'].includes(callee))
        found.push(`${where(node)} AppFailure.from(${arg?.getText(source)})`);
    }
    // An error written out as data: { code: 'conflict', message: … }.
    if (ts.isObjectLiteralExpression(node)) {
      const names = propertyNames(node);
      const codeProperty = node.properties.find(
        (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'code',
      );
      const code = literal(codeProperty?.initializer);
      if (code !== null && ERROR_CODE_SET.has(code) && names.has('message') && !worded(code, names)) {
        found.push(`${where(node)} ${node.getText(source).slice(0, 90)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('every failure the backend raises names its reason', () => {
  it('finds the failures it is looking for (the scan can fail)', () => {
    const text = `
      throw new AppFailure('conflict', 'Words.');
      throw new AppFailure('conflict', 'Words.', { reason: 'sale_voided' });
      throw new AppFailure('bad_input', 'Words.', { fields: { pin: 'pin_format' } });
      throw new AppFailure('service_unreachable', 'Words.');
      return fail('name_taken', 'Words.');
      return failure(code, 'Words.', {});
      return { code: 'not_found', message: 'Words.' };
      throw AppFailure.from(somethingElse());
      throw AppFailure.from(partnerFailure(error));`;
    expect(unworded('x.ts', text).map((line) => line.split(' ')[0])).toEqual(['x.ts:2', 'x.ts:6', 'x.ts:7', 'x.ts:8', 'x.ts:9']);
  });

  it.each(sources.filter((file) => !PENDING.has(file) && !COMMAND_LINE.has(file)))('%s', (file) => {
    expect(unworded(file, fs.readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
  });

  it('still has work pending only in the files listed as pending', () => {
    for (const file of PENDING) expect(sources, file).toContain(file);
  });
});
