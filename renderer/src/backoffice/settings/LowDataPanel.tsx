import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { describeError } from '../../errors.ts';
import { useFormats } from '../../i18n/format.ts';
import { OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { useApiQuery } from '../common/query.tsx';
import { useManager } from '../common/store.ts';
import { looksLikeEmail } from '../../../../shared/email.ts';

/**
 * The eSIM service's low-data e-mails to a back-office address: opt in, and opt out. What it says
 * is subscribed is read back from the service, which may have been changed elsewhere (another
 * counter, the partner's platform); the counter's own last save is said beside it when they differ.
 */
export function LowDataPanel() {
  const { t } = useTranslation('settings');
  const f = useFormats();
  const saved = useManager((s) => s.lowDataEmail);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Outcome>(null);
  const read = useApiQuery('notifications.lowDataStatus', {});
  // A reading that failed leaves no status: the counter's own last save is said instead.
  const status = read.error ? null : (read.data ?? null);
  const statusError = read.error;
  const checking = read.isFetching;
  const emailOk = looksLikeEmail(email);
  const check = () => void read.refetch();

  const change = (address: string | null) => {
    setBusy(true);
    setMessage(null);
    void useManager
      .getState()
      .setLowDataEmail(address)
      .then((failure) => {
        setBusy(false);
        if (failure) setMessage({ ok: false, text: failure });
        else {
          setEmail('');
          setMessage({
            ok: true,
            text: address ? t('lowData.subscribed', { email: address }) : t('lowData.unsubscribed'),
          });
        }
        check();
      });
  };

  // The service's word where it answered; the counter's last save, said as such, where it did not.
  const shown = status ? status.serviceEmail : saved;
  return (
    <section className="panel low-data" aria-label={t('lowData.region')}>
      <h2>{t('lowData.heading')}</h2>
      <p className="muted">{t('lowData.about')}</p>
      <p data-testid="low-data-status" aria-live="polite">
        {shown ? (
          <Trans t={t} i18nKey="lowData.goesTo" values={{ email: shown }} components={{ strong: <strong /> }} />
        ) : (
          t('lowData.notSubscribed')
        )}
      </p>
      {status && !status.matches && (
        <p className="notice warn" data-testid="low-data-differs">
          {t('lowData.differs', { saved: status.savedEmail ?? t('lowData.savedNone') })}
        </p>
      )}
      {statusError && (
        <p className="notice warn" role="alert">
          {t('lowData.savedOnly')} {describeError(statusError)}
        </p>
      )}
      <p className="muted small">
        {status && t('lowData.checkedAt', { time: f.time(status.checkedAt) })}{' '}
        <button type="button" className="button small secondary" disabled={checking} onClick={check}>
          {checking ? t('lowData.checking') : t('lowData.check')}
        </button>
      </p>
      <form
        className="floor-form"
        aria-label={t('lowData.form')}
        onSubmit={(event) => {
          event.preventDefault();
          if (emailOk) change(email.trim());
        }}
      >
        <label className="email-field">
          {t('lowData.email')}
          <input type="email" value={email} autoComplete="email" onChange={(e) => setEmail(e.target.value)} />
        </label>
        <button type="submit" className="button" disabled={!emailOk || busy}>
          {t('lowData.subscribe')}
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={() => change(null)}>
          {t('lowData.unsubscribe')}
        </button>
      </form>
      <OutcomeNotice outcome={message} block />
    </section>
  );
}
