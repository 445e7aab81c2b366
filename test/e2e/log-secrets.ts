/**
 * After each end-to-end test, its counter's log is searched for what must never be in it: the exact
 * access tokens, activation codes and sharing codes the Demo sandbox issued during the test (read
 * from its own state file), the Demo's client secret, an activation code's QR text, and a PIN given
 * as a value. A leak fails the test that caused it.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from '@playwright/test';
import { DEFAULT_CLIENT_SECRET } from '../../electron/sandbox/server.ts';

/** Each value the Demo sandbox issued that is a secret: tokens, activation (matching) ids, sharing codes. */
function issuedSecrets(dataDir: string): string[] {
  const file = path.join(dataDir, 'demo-sandbox.sqlite');
  if (!fs.existsSync(file)) return [];
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT kind, json FROM record WHERE kind IN ('token', 'sim')").all() as Array<{
      kind: string;
      json: string;
    }>;
    return rows.flatMap(({ kind, json }) => {
      const record = JSON.parse(json) as { token?: string; matchingId?: string; sharing?: { accessCode?: string } | null };
      return kind === 'token'
        ? [record.token ?? '']
        : [record.matchingId ?? '', record.sharing?.accessCode ?? ''].filter((value) => value.length >= 6);
    });
  } finally {
    db.close();
  }
}

export function expectNoSecretsInLog(dataDir: string): void {
  const folder = path.join(dataDir, 'logs');
  // A test whose counter never opened its journal has no log to search.
  if (!fs.existsSync(folder)) return;
  const text = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.log'))
    .map((name) => fs.readFileSync(path.join(folder, name), 'utf8'))
    .join('\n');
  const secrets = [DEFAULT_CLIENT_SECRET, ...issuedSecrets(dataDir)].filter(Boolean);
  expect(
    secrets.filter((secret) => text.includes(secret)),
    'secrets the log holds',
  ).toEqual([]);
  expect(text, 'an activation code’s QR text in the log').not.toMatch(/LPA:1\$/);
  expect(text, 'a PIN as a value in the log').not.toMatch(/"(pin|newPin|currentPin|recoveryCode)"\s*:\s*"(?!\[Redacted\])/i);
}
