/**
 * The backend's layers (docs/architecture.md): in each domain folder of electron/backend/, the
 * handlers call the services, the services call the domain's data access (`db.ts`, `db-*.ts`), and
 * only those files and the journal's own (journal/) speak SQL. Read from the source, so a query
 * slipped into a service fails here rather than in review.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');

/** Every .ts file below `dir`, as a path from the repository's root. */
function sourcesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')));
}

/** A file of the data-access layer: a domain's db.ts or db-*.ts, or the journal's own. */
const isDataAccess = (file: string) => /\/db(-[a-z-]+)?\.ts$/.test(file) || file.startsWith('electron/backend/journal/');
/** Not layers of a domain: the partner client, the sandbox-facing web host and the secret stores. */
const outsideDomains = /^electron\/backend\/(partner|web|secrets)\//;
const backend = sourcesUnder('electron/backend').filter((file) => !isDataAccess(file) && !outsideDomains.test(file));
const handlers = backend.filter((file) => /\/handlers(-[a-z-]+)?\.ts$/.test(file));
const services = backend.filter((file) => !handlers.includes(file));

/**
 * What breaks the layering in one file: a statement prepared or SQL run on a connection, the
 * driver imported as more than a type, or journal/statements.ts (the prepared-statement cache) used.
 * `.exec` on a regular expression is not SQL, so a receiver known to be one is let through.
 */
function sqlOutsideDb(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const regexNames = new Set<string>();
  const found: string[] = [];
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const isRegex = (node: ts.Expression): boolean =>
    ts.isRegularExpressionLiteral(node) ||
    (ts.isNewExpression(node) && node.expression.getText() === 'RegExp') ||
    (ts.isIdentifier(node) && regexNames.has(node.text)) ||
    (ts.isParenthesizedExpression(node) && isRegex(node.expression));

  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && isRegex(node.initializer)) {
      regexNames.add(node.name.text);
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (from === 'better-sqlite3' && !typeOnly) found.push(`${where(node)} imports better-sqlite3 as a value`);
      if (/(^|\/)journal\/statements(\.ts)?$/.test(from) && !typeOnly) found.push(`${where(node)} prepares statements itself`);
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const { name, expression: receiver } = node.expression;
      const method = name.text;
      if ((method === 'prepare' || method === 'pragma') && !isRegex(receiver)) found.push(`${where(node)} calls .${method}(`);
      if (method === 'exec' && !isRegex(receiver)) found.push(`${where(node)} calls .exec(`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Values (not types) a file imports from a data-access module, by name. */
function dbValueImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!isDataAccess(path.posix.join(path.posix.dirname(file), statement.moduleSpecifier.text))) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) names.push(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) if (!element.isTypeOnly) names.push(element.name.text);
    }
    if (bindings && ts.isNamespaceImport(bindings)) names.push(`* as ${bindings.name.text}`);
  }
  return names;
}

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('the backend’s layers', () => {
  it('finds the files it guards', () => {
    expect(services).toContain('electron/backend/staff/service.ts');
    expect(services).toContain('electron/backend/settings/service.ts');
    expect(handlers).toEqual(expect.arrayContaining(['electron/backend/handlers.ts', 'electron/backend/staff/handlers.ts']));
  });

  it('no service or handler speaks SQL or holds the driver: the data-access files do', () => {
    const found = [...services, ...handlers].flatMap((file) => sqlOutsideDb(file, read(file)));
    expect(found).toEqual([]);
  });

  it('handlers reach the journal through services only', () => {
    for (const file of handlers) expect({ file, imports: dbValueImports(file, read(file)) }).toEqual({ file, imports: [] });
  });

  it('the scan sees what it is there to refuse', () => {
    const sample = [
      "import Database from 'better-sqlite3';",
      "import { statement } from '../journal/statements.ts';",
      "import type Types from 'better-sqlite3';",
      'const PATTERN = /^a$/;',
      'PATTERN.exec(text);',
      '/b/.exec(text);',
      "db.prepare('SELECT 1').get();",
      "this.#o.db.exec('DELETE FROM staff');",
      "options.db.pragma('wal_checkpoint');",
    ].join('\n');
    expect(sqlOutsideDb('sample.ts', sample)).toEqual([
      'sample.ts:1 imports better-sqlite3 as a value',
      'sample.ts:2 prepares statements itself',
      'sample.ts:7 calls .prepare(',
      'sample.ts:8 calls .exec(',
      'sample.ts:9 calls .pragma(',
    ]);
    expect(
      dbValueImports(
        'electron/backend/staff/handlers.ts',
        "import { listStaff, type StaffRow } from './db.ts';\nimport type { Journal } from '../journal/open.ts';\nimport { x } from './service.ts';",
      ),
    ).toEqual(['listStaff']);
  });
});
