/**
 * `npm run admin -- <command> …`: the owner's tools at the machine itself, for when no manager can
 * sign in, and for backups by hand. Exit 0 done, 1 refused or failed (one sentence on stderr),
 * 2 bad usage (with the usage line). The work is in admin-commands.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PIN_PROBLEM_WORDS, pinProblem } from '../../shared/pins.ts';
import type { Environment } from '../../shared/contract.ts';
import { DataFolderError, ENVIRONMENTS } from '../backend/data-folder.ts';
import { BackupError } from '../backend/journal/backup.ts';
import { JournalError } from '../backend/journal/open.ts';
import { RestoreError } from '../backend/journal/restore.ts';
import { defaultDataDir } from '../backend/paths.ts';
import {
  AdminRefusal,
  assertFolderFree,
  backupNow,
  reanchorWithCode,
  resetPinWithCode,
  restoreBackup,
  unlockStaff,
  verifyJournal,
} from './admin-commands.ts';
import { buildSupportFile } from '../backend/support/support-file.ts';
import { readPackageVersion } from './version.ts';
import { promptHidden, PromptCancelled, type HiddenInput } from './prompt.ts';

const COMMON = '[--data-dir <dir>] [--environment demo|partner_sandbox|production]';

const COMMANDS = {
  unlock: { usage: `unlock --staff "<name>" ${COMMON}`, options: ['staff'], required: ['staff'] },
  'reset-pin': {
    usage: `reset-pin --staff "<name>" --recovery-code <code> [--new-pin <pin>] ${COMMON}`,
    options: ['staff', 'recovery-code', 'new-pin'],
    required: ['staff', 'recovery-code'],
  },
  reanchor: { usage: `reanchor [--recovery-code <code>] ${COMMON}`, options: ['recovery-code'], required: [] },
  backup: { usage: `backup ${COMMON}`, options: [], required: [] },
  verify: { usage: `verify [--file <backup>] ${COMMON}`, options: ['file'], required: [] },
  'support-file': { usage: 'support-file [--out <folder>] [--data-dir <dir>]', options: ['out'], required: [] },
  restore: {
    usage: 'restore --environment demo|partner_sandbox|production [--from <backup file>] [--data-dir <dir>]',
    options: ['from'],
    required: ['environment'],
  },
} as const satisfies Record<string, { usage: string; options: readonly string[]; required: readonly string[] }>;
type Command = keyof typeof COMMANDS;

export const USAGE = `The counter's maintenance at the keyboard: staff locks and PINs, backups, checks and restores of the journal.

Usage: npm run admin -- <command> …
  unlock     clears a staff member's lock after wrong PINs.
             ${COMMANDS.unlock.usage}
  reset-pin  sets a manager's PIN with the owner's recovery code (asks for the PIN twice, hidden, without --new-pin).
             ${COMMANDS['reset-pin'].usage}
  reanchor   re-anchors the audit log after a break support has seen, with the owner's recovery code (asked for, hidden, without --recovery-code).
             ${COMMANDS.reanchor.usage}
  backup     takes a checked backup of the journal now, into <data-dir>/backups/<environment>/.
             ${COMMANDS.backup.usage}
  verify     runs integrity_check and the audit-chain check on the journal, or on a backup with --file.
             ${COMMANDS.verify.usage}
  support-file
             writes one zip for whoever supports the shop (versions, the environment, the journals' and audit logs'
             checks, the settings, the recent logs, crash dumps), never a secret nor a journal; into <data-dir>/support/.
             ${COMMANDS['support-file'].usage}
  restore    puts a backup back (the newest by default), keeping the journal it replaces aside.
             ${COMMANDS.restore.usage}
unlock, reset-pin, reanchor and restore refuse while the app runs on the folder; backup, verify and support-file may run beside it.
--data-dir defaults to the app's own folder, --environment to the one the app opens next (counter.json).`;

export type AdminIo = {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream & Partial<HiddenInput>;
};

class UsageError extends Error {
  override name = 'UsageError';
}

export async function runAdmin(argv: readonly string[], io: AdminIo = process): Promise<number> {
  const say = (stream: NodeJS.WritableStream, text: string) => stream.write(`${text}\n`);
  let command = argv[0] !== undefined && argv[0] in COMMANDS ? (argv[0] as Command) : undefined;
  try {
    const parsed = parse(argv);
    if (parsed === 'help') {
      say(io.stdout, USAGE);
      return 0;
    }
    command = parsed.command;
    const { values } = parsed;
    const dataDir = path.resolve(values['data-dir'] ?? defaultDataDir());
    const environment = values.environment === undefined ? undefined : environmentNamed(values.environment);
    switch (command) {
      case 'unlock':
        say(io.stdout, (await unlockStaff({ dataDir, environment, staff: values.staff! })).message);
        return 0;
      case 'reset-pin': {
        // Said before the PIN is typed, not after.
        assertFolderFree(dataDir, command);
        const newPin = values['new-pin'] ?? (await askNewPin(io));
        const done = await resetPinWithCode({
          dataDir,
          environment,
          staff: values.staff!,
          recoveryCode: values['recovery-code']!,
          newPin,
        });
        say(io.stdout, done.message);
        return 0;
      }
      case 'reanchor': {
        assertFolderFree(dataDir, command);
        const recoveryCode =
          values['recovery-code'] ??
          (await askHidden(io, 'Recovery code: ', { command, asks: 'the recovery code', option: '--recovery-code' }));
        say(io.stdout, (await reanchorWithCode({ dataDir, environment, recoveryCode })).message);
        return 0;
      }
      case 'backup':
        say(io.stdout, (await backupNow({ dataDir, environment })).message);
        return 0;
      case 'verify': {
        const verdict = verifyJournal({ dataDir, environment, file: values.file && path.resolve(values.file) });
        say(verdict.ok ? io.stdout : io.stderr, verdict.message);
        return verdict.ok ? 0 : 1;
      }
      case 'support-file': {
        if (!fs.existsSync(dataDir)) throw new AdminRefusal(`There is no data folder ${dataDir}: name it with --data-dir.`);
        const made = buildSupportFile({
          dataDir,
          version: readPackageVersion(path.resolve(import.meta.dirname, '..', '..')),
          outDir: values.out && path.resolve(values.out),
        });
        say(io.stdout, `Wrote the support file ${made.file} (${Math.ceil(made.bytes / 1024)} KB): ${made.entries.join(', ')}.`);
        return 0;
      }
      case 'restore':
        say(io.stdout, (await restoreBackup({ dataDir, environment: environment!, from: values.from })).message);
        return 0;
    }
  } catch (error) {
    if (error instanceof UsageError) {
      say(
        io.stderr,
        `${error.message}\nUsage: npm run admin -- ${command ? COMMANDS[command].usage : '<command> … (npm run admin -- help)'}`,
      );
      return 2;
    }
    if (error instanceof PromptCancelled) {
      say(io.stderr, 'Cancelled; nothing was changed.');
      return 1;
    }
    const known = [AdminRefusal, DataFolderError, JournalError, BackupError, RestoreError].some((type) => error instanceof type);
    const message = error instanceof Error ? error.message : String(error);
    say(io.stderr, known ? message : `npm run admin -- ${command ?? ''} failed: ${message}`);
    return 1;
  }
}

type Values = Partial<
  Record<'data-dir' | 'environment' | 'staff' | 'recovery-code' | 'new-pin' | 'file' | 'from' | 'out', string>
>;

function parse(argv: readonly string[]): 'help' | { command: Command; values: Values } {
  const first = argv[0];
  if (first === undefined || first === 'help' || first === '--help' || first === '-h') return 'help';
  if (!(first in COMMANDS)) throw new UsageError(`"${first}" is not a command: use ${Object.keys(COMMANDS).join(', ')}.`);
  const command = first as Command;
  const spec = COMMANDS[command];
  const allowed = new Set<string>(['data-dir', 'environment', ...spec.options]);
  let values: Values;
  try {
    const parsed = parseArgs({
      args: [...argv.slice(1)],
      options: Object.fromEntries([...allowed].map((name) => [name, { type: 'string' as const }])),
      allowPositionals: false,
      strict: true,
    });
    values = parsed.values as Values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  for (const name of spec.required) {
    if (!values[name as keyof Values]?.trim()) throw new UsageError(`${command} needs --${name}.`);
  }
  return { command, values };
}

/** Any case, with - or _ or a space: "Production", "partner-sandbox". */
export function environmentNamed(text: string): Environment {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const found = ENVIRONMENTS.find((env) => env === key);
  if (!found) throw new UsageError(`"${text}" is not an environment: use demo, partner_sandbox or production.`);
  return found;
}

/** Asks at a terminal without showing what is typed; without a terminal, the option must give it. */
function askHidden(io: AdminIo, prompt: string, what: { command: Command; asks: string; option: string }): Promise<string> {
  const stdin = io.stdin;
  if (!stdin.isTTY || typeof stdin.setRawMode !== 'function') {
    throw new UsageError(`${what.command} asks for ${what.asks} at a terminal; without one, give it with ${what.option}.`);
  }
  return promptHidden(prompt, stdin as HiddenInput, io.stderr);
}

const NEW_PIN = { command: 'reset-pin', asks: 'the new PIN', option: '--new-pin' } as const;

async function askNewPin(io: AdminIo): Promise<string> {
  const pin = await askHidden(io, 'New PIN (4 to 8 digits): ', NEW_PIN);
  const problem = pinProblem(pin);
  // The command line speaks English: the PIN rules' own words, not the code the renderer words.
  if (problem) throw new AdminRefusal(PIN_PROBLEM_WORDS[problem]);
  const again = await askHidden(io, 'The same PIN again: ', NEW_PIN);
  if (again !== pin) throw new AdminRefusal('The two PINs differ; nothing was changed.');
  return pin;
}

if (import.meta.main) {
  process.exitCode = await runAdmin(process.argv.slice(2));
}
