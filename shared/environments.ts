/** The partner environments' names and their journals' files, for the backend and the screens alike. */
import type { Environment } from './contract.ts';

export const ENVIRONMENTS = ['demo', 'partner_sandbox', 'production'] as const satisfies readonly Environment[];

/** Each environment's journal, in the data folder: nothing of one is ever in another. */
export const JOURNAL_FILES: Readonly<Record<Environment, string>> = {
  demo: 'journal-demo.sqlite',
  partner_sandbox: 'journal-partner-sandbox.sqlite',
  production: 'journal-production.sqlite',
};

export const ENVIRONMENT_NAMES: Readonly<Record<Environment, string>> = {
  demo: 'Demo',
  partner_sandbox: 'Partner sandbox',
  production: 'Production',
};
