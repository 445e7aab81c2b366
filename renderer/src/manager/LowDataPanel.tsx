import { useState } from 'react';
import { OutcomeNotice, type Outcome } from './parts.tsx';
import { useManager } from './store.ts';
import { looksLikeEmail } from '../../../shared/email.ts';

/** The eSIM service's low-data e-mails to a back-office address: opt in, and opt out. */
export function LowDataPanel() {
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
          setMessage({ ok: true, text: address ? `Subscribed ${address}.` : 'Unsubscribed. No more low-data e-mails.' });
        }
      });
  };

  return (
    <section className="panel low-data" aria-label="Low-data e-mails">
      <h2>Low-data e-mails</h2>
      <p className="muted">
        The eSIM service e-mails this address when a customer’s eSIM is running out of data or about to expire, so the back office
        can offer a top-up. The e-mails come from the service, not from this app.
      </p>
      <p data-testid="low-data-status">
        {subscribed ? (
          <>
            Low-data e-mails go to <strong>{subscribed}</strong>.
          </>
        ) : (
          'Not subscribed: the service sends no low-data e-mails to the shop.'
        )}
      </p>
      <form
        className="floor-form"
        aria-label="Subscribe to low-data e-mails"
        onSubmit={(event) => {
          event.preventDefault();
          if (emailOk) change(email.trim());
        }}
      >
        <label className="email-field">
          Back-office e-mail
          <input type="email" value={email} autoComplete="email" onChange={(e) => setEmail(e.target.value)} />
        </label>
        <button type="submit" className="button" disabled={!emailOk || busy}>
          Subscribe
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={() => change(null)}>
          Unsubscribe
        </button>
      </form>
      <OutcomeNotice outcome={message} block />
    </section>
  );
}
