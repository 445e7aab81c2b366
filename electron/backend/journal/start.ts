/**
 * What a start opens before the services: the environment's own journal and, in Demo, the
 * embedded sandbox standing in for the partner service.
 */
import path from 'node:path';
import type { Environment } from '../../../shared/contract.ts';
import {
  assertJournalNotLost,
  createOwnerOnlyFile,
  DEMO_SANDBOX_FILE,
  journalPath,
  recordJournal,
  secureDataFolder,
  type CounterConfig,
} from '../data-folder.ts';
import { attachAuditAnchor } from '../audit/db-anchor.ts';
import { openJournal, type Journal } from './open.ts';
import { startSandbox, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, type Sandbox } from '../../sandbox/server.ts';
import { DEMO_REFUND_RATE, DEMO_REFUND_REVIEW_MS } from '../refunds/service.ts';

/**
 * The environment's own journal. One this folder held and that is now gone is refused rather than
 * made again (and re-seeded); a new one is created owner-only before SQLite touches it.
 */
export function openEnvironmentJournal(
  dataDir: string,
  environment: Environment,
  config: CounterConfig,
  log: (message: string, error?: unknown) => void,
): Journal {
  assertJournalNotLost(dataDir, environment, config);
  const file = journalPath(dataDir, environment);
  createOwnerOnlyFile(file);
  const db = openJournal(file);
  attachAuditAnchor(db, file, (error) => log('could not write the audit log’s anchor; it lags until the next entry', error));
  try {
    recordJournal(dataDir, environment);
    secureDataFolder(dataDir);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Demo: our own simulator on loopback, its state kept so demo eSIMs survive a restart. */
export function startDemoSandbox(dataDir: string, port: number): Promise<Sandbox> {
  return startSandbox({
    port,
    clientId: DEFAULT_CLIENT_ID,
    clientSecret: DEFAULT_CLIENT_SECRET,
    statePath: path.join(dataDir, DEMO_SANDBOX_FILE),
    refundRateLimit: { requests: DEMO_REFUND_RATE.requests, windowSeconds: DEMO_REFUND_RATE.windowMs / 1000 },
    refundReviewMs: DEMO_REFUND_REVIEW_MS,
  });
}

/** The Demo sandbox as the partner client sees it: a partner sandbox on loopback. */
export function sandboxPartner(sandbox: Sandbox) {
  return {
    environment: 'partner_sandbox' as const,
    baseUrl: sandbox.url,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
  };
}
