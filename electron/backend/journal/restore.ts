/**
 * Putting a backup back as an environment's journal. Nothing is deleted: the journal it replaces
 * (with its -wal and -shm, which hold its last commits) is renamed aside, so a restore made by
 * mistake can itself be undone by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Environment } from '../../../shared/contract.ts';
import { createOwnerOnlyFile, ENVIRONMENT_NAMES, journalPath, recordJournal, secureDataFolder } from '../data-folder.ts';
import { appendAudit, type JsonValue } from '../audit/db.ts';
import { anchorAtHead, attachAuditAnchor } from '../audit/db-anchor.ts';
import { checkJournalFile, fsyncDir, fsyncFile } from './backup.ts';
import { latestVersion, loadMigrations } from './migrate.ts';
import { openJournal } from './open.ts';

export type RestoreOptions = {
  readonly dataDir: string;
  readonly environment: Environment;
  /** The backup to put back. */
  readonly from: string;
  readonly now?: () => number;
};

export type RestoreOutcome = {
  readonly journal: string;
  readonly from: string;
  /** The files of the replaced journal, under their new names; empty when there was none. */
  readonly keptAside: string[];
};

/** The backup cannot be put back; the journal was not touched. */
export class RestoreError extends Error {
  override name = 'RestoreError';
}

const SIDE_FILES = ['', '-wal', '-shm'] as const;

/**
 * Checks the backup (integrity and audit chain), copies it beside the journal and checks the
 * copy, and only then moves the current journal aside and renames the copy into its place.
 */
export function restoreJournalFile(options: RestoreOptions): RestoreOutcome {
  const { from } = options;
  const journal = journalPath(options.dataDir, options.environment);
  assertRestorable(from, `The backup ${from}`);

  const temp = `${journal}.restoring-${process.pid}`;
  const keptAside: string[] = [];
  try {
    createOwnerOnlyFile(temp);
    fs.copyFileSync(from, temp);
    fs.chmodSync(temp, 0o600);
    fsyncFile(temp);
    assertRestorable(temp, `The copy of ${from}`);

    const stamp = new Date((options.now ?? Date.now)()).toISOString().replace(/[-:]/g, '');
    for (const side of SIDE_FILES) {
      const current = `${journal}${side}`;
      if (!fs.existsSync(current)) continue;
      const aside = `${journal}.replaced-${stamp}${side}`;
      fs.renameSync(current, aside);
      keptAside.push(aside);
    }
    fs.renameSync(temp, journal);
    fsyncDir(path.dirname(journal));
  } catch (error) {
    fs.rmSync(temp, { force: true });
    putBack(journal, keptAside);
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(
      `The ${ENVIRONMENT_NAMES[options.environment]} journal could not be restored from ${from}: ${(error as Error).message}.`,
      { cause: error },
    );
  }
  return { journal, from, keptAside };
}

function assertRestorable(file: string, what: string): void {
  const verdict = checkJournalFile(file, { chain: true });
  if (verdict.problems.length > 0) {
    throw new RestoreError(
      `${what} did not pass its check (${verdict.problems.slice(0, 3).join('; ')}), so nothing was changed.`,
    );
  }
  if (verdict.chain && !verdict.chain.ok) {
    throw new RestoreError(
      `${what} has a broken audit log at entry ${verdict.chain.brokenAtSeq} (${verdict.chain.reason}), so nothing was changed.`,
    );
  }
  const known = latestVersion(loadMigrations());
  if (verdict.schemaVersion !== null && verdict.schemaVersion > known) {
    throw new RestoreError(
      `${what} was written by a newer version of eSIM Counter, so nothing was changed: install that version.`,
    );
  }
}

/** After a failed rename the journal goes back under its own name rather than stay aside. */
function putBack(journal: string, keptAside: string[]): void {
  for (const aside of keptAside) {
    const side = SIDE_FILES.find((s) => s !== '' && aside.endsWith(s)) ?? '';
    const original = `${journal}${side}`;
    if (!fs.existsSync(original)) fs.renameSync(aside, original);
  }
}

/** The audit entry a restore writes into the restored journal: who put it back, and how. */
export type RestoreRecord = {
  readonly action: string;
  readonly actorStaffId?: string | null;
  readonly details: Readonly<Record<string, JsonValue>>;
};

/**
 * A restore as both the command line and a scheduled restore at the start make it: the file put
 * back, an audit entry saying so (naming the backup and the journal kept aside), the anchor moved
 * to the restored journal's head, and the journal recorded as this folder's. Runs with the folder
 * locked and the journal closed.
 */
export function restoreRecorded(options: RestoreOptions & { readonly record: RestoreRecord }): RestoreOutcome {
  const { dataDir, environment, from, record } = options;
  const outcome = restoreJournalFile(options);
  const db = openJournal(outcome.journal);
  // The restore is made; the anchor lags, which the next start makes good.
  attachAuditAnchor(db, outcome.journal, (error) =>
    console.error(`The audit log's anchor beside ${outcome.journal} could not be written: ${(error as Error).message}`),
  );
  try {
    // A backup from before a member of staff was added does not know them: the name is in the details.
    const actor = record.actorStaffId ?? null;
    const known = actor !== null && db.prepare('SELECT 1 FROM staff WHERE id = ?').get(actor) !== undefined;
    appendAudit(db, {
      action: record.action,
      actorStaffId: known ? actor : null,
      details: {
        ...record.details,
        from: path.basename(from),
        replaced: outcome.keptAside[0] ? path.basename(outcome.keptAside[0]) : null,
      },
      at: new Date((options.now ?? Date.now)()).toISOString(),
    });
    // The anchor named the replaced journal's head, which this one need not have: it is moved here, by force.
    anchorAtHead(db);
  } finally {
    db.close();
  }
  recordJournal(dataDir, environment);
  secureDataFolder(dataDir);
  return outcome;
}
