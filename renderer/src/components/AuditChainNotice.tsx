import type { AppInfo } from '../../../shared/contract.ts';
import { JOURNAL_FILES } from '../../../shared/environments.ts';
import { useStore } from '../state/store.ts';

/**
 * A manager's warning that the audit log was altered outside the app (found at start, or by a
 * full check since). It stays on every back-office screen until support has seen the journal:
 * what matters most is that nobody "fixes" it by deleting or restoring the file.
 */
export function AuditChainNotice({ detailed = false }: { detailed?: boolean }) {
  const chain = useStore((s) => s.info?.auditChain);
  const environment = useStore((s) => s.info?.environment);
  return <AuditChainWarning chain={chain} detailed={detailed} journalFile={environment ? JOURNAL_FILES[environment] : null} />;
}

/** The warning itself, for the chain as the app last reported it (nothing while it is whole). */
export function AuditChainWarning({
  chain,
  detailed,
  journalFile = null,
}: {
  chain: AppInfo['auditChain'] | undefined;
  detailed: boolean;
  journalFile?: string | null;
}) {
  if (!chain || chain.ok) return null;
  if (!detailed) {
    return (
      <p className="notice audit-broken" role="alert">
        <strong>The audit log was altered at entry {chain.brokenAtSeq}.</strong> Keep this computer and its data as they are, and
        contact support. <a href="#audit">See the audit log</a>
      </p>
    );
  }
  return (
    <section className="notice audit-broken" role="alert" aria-labelledby="audit-broken-title">
      <h2 id="audit-broken-title">The audit log was altered at entry {chain.brokenAtSeq}</h2>
      <p className="mono">{chain.reason}</p>
      <p>
        Entries of the audit log were deleted or changed outside this app, so the log can no longer vouch for what happened from
        that entry on. The counter keeps working and keeps logging.
      </p>
      <p>
        <strong>What to do:</strong> keep the journal file ({journalFile ?? 'the journal'} in the app’s data folder) exactly as it
        is — do not delete it, restore a backup over it or reinstall the app — note when you saw this, and contact support.
      </p>
    </section>
  );
}
