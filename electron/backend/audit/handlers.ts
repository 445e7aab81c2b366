/** The audit log for the manager: its entries, and whether its chain holds. */
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';
import { auditEntries, verifyAuditChain } from './service.ts';

export function auditHandlers({ db }: Pick<HandlerServices, 'db'>): AreaHandlers<'audit'> {
  return {
    'audit.list': (query) => auditEntries(db, query),
    'audit.verify': () => verifyAuditChain(db),
  };
}
