/**
 * The support file as a shop sends it: from a data folder with a journal, its settings, a log, a
 * crash dump and a secrets file — everything support asks for, and not one secret or customer order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { journalPath } from '../../../../../electron/backend/data-folder.ts';
import { openJournal } from '../../../../../electron/backend/journal/open.ts';
import { buildSupportFile } from '../../../../../electron/backend/support/support-file.ts';
import { ownedDataFolder, runAdminCli, type OwnedFolder } from '../../../../support/admin.ts';
import { startTestBackend } from '../../../../support/backend.ts';
import { startTestSandbox } from '../../../../support/sandbox.ts';

const SECRET = 'live-client-secret-5d1e';
let folder: OwnedFolder;

beforeEach(async () => {
  folder = await ownedDataFolder();
  const db = openJournal(journalPath(folder.dataDir, folder.environment));
  try {
    const at = new Date().toISOString();
    db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run('store.name', '"Harbour eSIM"', at);
    // A secret stored where it never should be still does not leave the counter.
    db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run(
      'chain.password',
      JSON.stringify(SECRET),
      at,
    );
  } finally {
    db.close();
  }
  fs.writeFileSync(path.join(folder.dataDir, 'secrets.json'), JSON.stringify({ sealed: SECRET }));
  fs.mkdirSync(path.join(folder.dataDir, 'logs'));
  fs.writeFileSync(path.join(folder.dataDir, 'logs', 'counter.log'), '{"level":30,"msg":"started"}\n');
  fs.mkdirSync(path.join(folder.dataDir, 'crashes', 'pending'), { recursive: true });
  fs.writeFileSync(path.join(folder.dataDir, 'crashes', 'pending', 'a1b2.dmp'), 'MDMP');
});
afterEach(() => fs.rmSync(folder.dataDir, { recursive: true, force: true }));

function opened(file: string): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(fs.readFileSync(file))).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

describe('the support file', () => {
  it('holds the versions, the checks, the settings, the logs and the crash dumps, and no secret', () => {
    const made = buildSupportFile({ dataDir: folder.dataDir, version: '1.4.2', now: () => Date.parse('2026-11-28T09:30:00Z') });
    expect(path.dirname(made.file)).toBe(path.join(folder.dataDir, 'support'));
    expect(path.basename(made.file)).toBe('esim-counter-support-2026-11-28-093000.zip');
    expect(fs.statSync(made.file).mode & 0o777).toBe(0o600);

    const files = opened(made.file);
    expect(Object.keys(files).sort()).toEqual([
      'about.json',
      'checks.json',
      'crashes/pending/a1b2.dmp',
      'logs/counter.log',
      'settings-partner_sandbox.json',
    ]);
    const about = JSON.parse(files['about.json']!);
    expect(about).toMatchObject({ version: '1.4.2', environment: 'partner_sandbox', node: process.versions.node });
    expect(about.files.map((f: { name: string }) => f.name)).toContain('secrets.json');
    const checks = JSON.parse(files['checks.json']!);
    expect(checks.partner_sandbox).toMatchObject({ healthy: true, problems: [], auditChain: { ok: true } });
    // The owner's recovery code (a hash of it) stays behind with the secrets.
    expect(JSON.parse(files['settings-partner_sandbox.json']!)).toEqual({ 'store.name': 'Harbour eSIM' });
    expect(files['logs/counter.log']).toContain('"msg":"started"');

    // Neither the secret nor any journal page: the archive's bytes are searched, not just its names.
    const whole = Object.values(files).join('\n');
    expect(whole).not.toContain(SECRET);
    expect(whole).not.toContain('SQLite format 3');
  });

  it('says a damaged journal in its checks instead of failing', () => {
    const journal = journalPath(folder.dataDir, folder.environment);
    fs.writeFileSync(journal, 'not a journal at all');
    const checks = JSON.parse(opened(buildSupportFile({ dataDir: folder.dataDir, version: '1.4.2' }).file)['checks.json']!);
    expect(checks.partner_sandbox.healthy).toBe(false);
    expect(checks.partner_sandbox.problems.join(' ')).toMatch(/not a database|not an eSIM Counter journal/);
  });

  it('is saved by a manager from the counter, and refused to a clerk', async () => {
    const ts = await startTestSandbox();
    const { backend, call, signIn, addStaff } = await startTestBackend(ts);
    try {
      await addStaff('clerk', 'Chris Clerk', 'clerk');
      await signIn('clerk');
      await expect(call('support.file')).rejects.toMatchObject({ error: { code: 'forbidden' } });
      await signIn('manager');
      const saved = await call<{ file: string; entries: string[] }>('support.file');
      expect(path.dirname(saved.file)).toBe(path.join(backend.dataDir, 'support'));
      expect(saved.entries).toEqual(expect.arrayContaining(['about.json', 'checks.json', 'settings-partner_sandbox.json']));
      // Beside the running counter, its journal checks healthy.
      expect(JSON.parse(opened(saved.file)['checks.json']!).partner_sandbox.healthy).toBe(true);
    } finally {
      await backend.close();
      await ts.close();
    }
  });

  it('is written by npm run admin -- support-file, which says where', async () => {
    const out = path.join(folder.dataDir, 'for-support');
    const result = await runAdminCli(['support-file', '--data-dir', folder.dataDir, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    const [zip] = fs.readdirSync(out);
    expect(result.stdout).toContain(`Wrote the support file ${path.join(out, zip!)}`);
    expect(Object.keys(opened(path.join(out, zip!)))).toContain('checks.json');

    const missing = await runAdminCli(['support-file', '--data-dir', path.join(folder.dataDir, 'nowhere')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toMatch(/^There is no data folder .*nowhere: name it with --data-dir\.$/);
  });
});
