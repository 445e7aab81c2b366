/**
 * The contract's audit log: its entries, and a full check of its hash chain. Answered by
 * electron/backend/audit/.
 */
import { z } from 'zod';
import type { AuditView } from '../manager.ts';
import { method, none } from './base.ts';

/** The audit log's hash chain, checked from the first entry. */
export type AuditCheck =
  { readonly ok: true; readonly count: number } | { readonly ok: false; readonly brokenAtSeq: number; readonly reason: string };

export const auditMethods = {
  'audit.verify': method<AuditCheck>()('manager', none),
  'audit.list': method<readonly AuditView[]>()(
    'manager',
    z.strictObject({
      limit: z.number().int().min(1).max(500).default(100),
      beforeSeq: z.number().int().positive().optional(),
      subject: z.string().max(120).optional(),
      action: z.string().max(64).optional(),
      staffId: z.string().max(64).optional(),
    }),
  ),
} as const;
