/**
 * When the backend cannot start. A journal that is damaged, unreadable or too new may hold the
 * only record of paid sales, so the app stops and offers choices (open the data folder, copy the
 * error text, quit); nothing here deletes, moves, repairs or recreates the file, and the backend is
 * not started a second time (which would create an empty journal if the file had been moved).
 */
import type { App, Clipboard, Dialog, MessageBoxOptions, Shell } from 'electron';
import { JournalError, JournalTooNewError } from '../backend/journal/open.ts';
import { KeychainUnavailableError } from './secrets.ts';
import { DataFolderError } from '../backend/data-folder.ts';

export type RecoveryAction = 'open-folder' | 'copy-details' | 'quit';

export type RecoveryDialog = {
  readonly options: MessageBoxOptions;
  /** The action of each button, in the order of `options.buttons`. */
  readonly actions: readonly RecoveryAction[];
};

const TITLES: Record<JournalError['code'], string> = {
  journal_damaged: 'The sales journal is damaged',
  journal_unreadable: 'The sales journal cannot be read',
  journal_too_new: 'The sales journal is from a newer version',
  journal_settings: 'The sales journal cannot be opened safely',
  journal_missing: 'The sales journal is missing',
};

export function isJournalError(error: unknown): error is JournalError {
  return error instanceof JournalError;
}

/** The dialog for a journal that cannot be opened: what happened, that the file is kept, the choices. */
export function journalRecoveryDialog(error: JournalError): RecoveryDialog {
  const actions: RecoveryAction[] = ['open-folder', 'copy-details', 'quit'];
  const next =
    error instanceof JournalTooNewError
      ? 'Install the newer version of eSIM Counter, or contact support.'
      : error.code === 'journal_missing'
        ? 'Put the journal file back, or restore its latest backup as the message says; then start eSIM Counter again.'
        : 'Keep the file: it may be the only record of paid sales. Copy the error details and contact support; do not delete or replace the file.';
  return {
    actions,
    options: {
      type: 'error',
      title: 'eSIM Counter cannot start',
      message: `${TITLES[error.code]}. Sales are stopped.`,
      detail: `${error.message}\n\nThe file was not changed, and eSIM Counter will not create a new, empty journal over it.\n${next}`,
      buttons: ['Open the data folder', 'Copy the error details', 'Quit'],
      defaultId: 2,
      cancelId: 2,
      noLink: true,
    },
  };
}

/** The text put on the clipboard for support. */
export function errorDetails(error: unknown, context: { version: string; platform: string; now?: Date }): string {
  const lines = [
    `eSIM Counter ${context.version} on ${context.platform}, ${(context.now ?? new Date()).toISOString()}`,
    `${error instanceof Error ? error.name : 'Error'}: ${error instanceof Error ? error.message : String(error)}`,
  ];
  if (error instanceof JournalError) {
    lines.push(`code: ${error.code}`, `file: ${error.path}`);
    const extra = error as JournalError & { problems?: string[]; version?: number; known?: number };
    if (extra.problems) lines.push(`problems:\n  ${extra.problems.join('\n  ')}`);
    if (typeof extra.version === 'number') lines.push(`journal schema: ${extra.version}, this version knows: ${extra.known}`);
    if (error.cause instanceof Error) lines.push(`cause: ${error.cause.message}`);
  }
  return lines.join('\n');
}

export type StartupFailureDeps = {
  readonly app: Pick<App, 'exit' | 'getVersion'>;
  readonly dialog: Pick<Dialog, 'showMessageBox' | 'showErrorBox'>;
  readonly shell: Pick<Shell, 'showItemInFolder'>;
  readonly clipboard: Pick<Clipboard, 'writeText'>;
  readonly platform: string;
};

/**
 * Shows the choices until the user quits. Opening the folder and copying the details bring the
 * dialog back, so both can be done before quitting. Other start-up errors get one error box.
 */
export async function handleStartupFailure(error: unknown, deps: StartupFailureDeps): Promise<void> {
  if (!isJournalError(error)) {
    const message =
      // Both already say what to do; the generic advice to start again would be wrong for them.
      error instanceof KeychainUnavailableError || error instanceof DataFolderError
        ? error.message
        : `${error instanceof Error ? error.message : String(error)}\n\nNothing was sold or changed. Start the app again; if this keeps happening, contact support.`;
    deps.dialog.showErrorBox('eSIM Counter cannot start', message);
    deps.app.exit(1);
    return;
  }
  const { options, actions } = journalRecoveryDialog(error);
  for (;;) {
    const { response } = await deps.dialog.showMessageBox(options);
    const action = actions[response] ?? 'quit';
    if (action === 'open-folder') deps.shell.showItemInFolder(error.path);
    else if (action === 'copy-details')
      await deps.clipboard.writeText(errorDetails(error, { version: deps.app.getVersion(), platform: deps.platform }));
    else break;
  }
  deps.app.exit(1);
}
