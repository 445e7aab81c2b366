/**
 * The contract's support: the file a shop sends to whoever supports it. Answered by
 * electron/backend/support/.
 */
import { method, none } from './base.ts';

/** Where the support file went, how big it is and what it holds (never a secret nor a journal). */
export type SupportFileSaved = { readonly file: string; readonly bytes: number; readonly entries: readonly string[] };

export const supportMethods = {
  'support.file': method<SupportFileSaved>()('manager', none),
};
