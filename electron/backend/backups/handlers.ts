/** The journal's backups for a manager: list, take, check, and a restore at the next start. */
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';

export function backupsHandlers({ backups }: Pick<HandlerServices, 'backups'>): AreaHandlers<'backup'> {
  return {
    'backup.list': () => backups.list(),
    'backup.create': (_input, { session }) => backups.create(session!),
    'backup.verify': ({ name }) => backups.verify(name),
    'backup.restore': ({ name }, { session }) => backups.scheduleRestore(name, session!),
    'backup.cancelRestore': (_input, { session }) => backups.cancelRestore(session!),
  };
}
