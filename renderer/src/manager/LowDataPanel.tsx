import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { OutcomeNotice, type Outcome } from './parts.tsx';
import { useManager } from './store.ts';
import { looksLikeEmail } from '../../../shared/email.ts';

/** The eSIM service's low-data e-mails to a back-office address: opt in, and opt out. */
export function LowDataPanel() {
  const { t } = useTranslation('settings');
  const subscribed = useManager((s) => s.lowDataEmail);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Outcome>(null);
  const emailOk = looksLikeEmail(email);

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
      });
  };

  return (
    <section className="panel low-data" aria-label={t('lowData.region')}>
      <h2>{t('lowData.heading')}</h2>
      <p className="muted">{t('lowData.about')}</p>
      <p data-testid="low-data-status">
        {subscribed ? (
          <Trans t={t} i18nKey="lowData.goesTo" values={{ email: subscribed }} components={{ strong: <strong /> }} />
        ) : (
          t('lowData.notSubscribed')
        )}
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
