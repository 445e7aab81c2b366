/** The counter's sessions the store's tests hand it: Chris at work, Chris locked, Maria at work. */
import type { SessionView } from '../../../../../shared/contract.ts';

export const chris = {
  status: 'active',
  staffId: 'chris',
  name: 'Chris',
  role: 'clerk',
  language: null,
  idleLockInMs: 60_000,
  idleLockAfterMs: 300_000,
} satisfies SessionView;
export const chrisLocked: SessionView = { status: 'locked', staffId: 'chris', name: 'Chris', language: null };
export const maria = {
  status: 'active',
  staffId: 'maria',
  name: 'Maria',
  role: 'manager',
  language: null,
  idleLockInMs: 60_000,
  idleLockAfterMs: 300_000,
} satisfies SessionView;
