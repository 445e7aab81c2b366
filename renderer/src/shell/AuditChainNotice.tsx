import { Trans, useTranslation } from 'react-i18next';
import type { AppInfo } from '../../../shared/contract.ts';
import { JOURNAL_FILES } from '../../../shared/environments.ts';
import { useFormats } from '../i18n/format.ts';
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
  const { t } = useTranslation();
  const f = useFormats();
  if (!chain || chain.ok) return null;
  // An entry's number is an id to read out, not an amount: no thousands separator.
  const entry = f.number(chain.brokenAtSeq, { useGrouping: false });
  if (!detailed) {
    return (
      <p className="notice audit-broken" role="alert">
        <Trans t={t} i18nKey="auditChain.short" values={{ entry }} components={{ b: <strong />, a: <a href="#audit" /> }} />
      </p>
    );
  }
  return (
    <section className="notice audit-broken" role="alert" aria-labelledby="audit-broken-title">
      <h2 id="audit-broken-title">{t('auditChain.title', { entry })}</h2>
      {/* The check's own finding, as the backend recorded it for support. */}
      <p className="mono">{chain.reason}</p>
      <p>{t('auditChain.explain')}</p>
      <p>
        <Trans
          t={t}
          i18nKey="auditChain.whatToDo"
          values={{ file: journalFile ?? t('auditChain.theJournal') }}
          components={{ b: <strong /> }}
        />
      </p>
      <p>
        <Trans t={t} i18nKey="auditChain.reanchor" components={{ b: <strong className="mono" /> }} />
      </p>
    </section>
  );
}
