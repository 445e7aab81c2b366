/**
 * A data folder as a shop has it after first-run setup: counter.json choosing the environment, and
 * that environment's journal with its owner (a manager with a recovery code) and a clerk. For the
 * `npm run admin` tests, which work on folders rather than on a running backend.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Environment } from '../../shared/contract.ts';
import { journalPath, recordJournal, secureDataFolder, writeCounterConfig } from '../../electron/backend/data-folder.ts';
import { openJournal } from '../../electron/backend/journal/open.ts';
import { createOwner } from '../../electron/backend/staff/setup.ts';
import { createStaffService, MIN_SCRYPT_N } from '../../electron/backend/staff/service.ts';

export const FAST_SCRYPT = { N: MIN_SCRYPT_N, r: 8, p: 1 };

export type OwnedFolder = {
  dataDir: string;
  environment: Environment;
  journal: string;
  recoveryCode: string;
  ownerId: string;
  clerkId: string;
};

export async function ownedDataFolder(environment: Environment = 'partner_sandbox'): Promise<OwnedFolder> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-'));
  secureDataFolder(dataDir);
  writeCounterConfig(dataDir, { version: 1, environment, accounts: {}, journals: {} });
  const journal = journalPath(dataDir, environment);
  const db = openJournal(journal);
  try {
    const staff = createStaffService(db, { scrypt: FAST_SCRYPT });
    const made = await createOwner(db, staff, { name: 'Olga Owner', pin: '2468' }, { scrypt: FAST_SCRYPT });
    const clerk = await staff.create({ name: 'Chris Clerk', role: 'clerk', pin: '1357' }, made.owner.id);
    if (!clerk.ok) throw new Error(clerk.error.message);
    recordJournal(dataDir, environment);
    return { dataDir, environment, journal, recoveryCode: made.recoveryCode, ownerId: made.owner.id, clerkId: clerk.value.id };
  } finally {
    db.close();
  }
}

/** Five wrong PINs, as at the counter. */
export async function lockOut(journal: string, staffId: string): Promise<void> {
  const db = openJournal(journal);
  try {
    const staff = createStaffService(db, { scrypt: FAST_SCRYPT });
    for (let i = 0; i < 5; i++) await staff.authenticate(staffId, '0000');
  } finally {
    db.close();
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The real command, as `npm run admin -- …` runs it (without npm's own lines). */
export function runAdminCli(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runScript(path.join('electron', 'cli', 'admin.ts'), args);
}

/** Runs one of the project's command lines (a path from the root) to its end, without a terminal. */
export function runScript(
  file: string,
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, file), ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
