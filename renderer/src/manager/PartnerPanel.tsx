import { useEffect, useRef, useState } from 'react';
import type { Environment, PartnerSettingsView } from '../../../shared/contract.ts';
import { ErrorNotice, type Outcome } from './parts.tsx';
import { useManager } from './store.ts';
import { ENVIRONMENT_WORDS } from './format.ts';

const CHOICES: readonly { value: Environment; help: string }[] = [
  { value: 'demo', help: 'The simulator built into the app. No credentials, no real eSIMs, no money.' },
  { value: 'partner_sandbox', help: 'The partner’s test account: real service, test eSIMs, no real money.' },
  { value: 'production', help: 'Real eSIMs, paid from the shop’s balance with the partner.' },
];

const CREDENTIAL = /^[A-Za-z0-9_-]{1,200}$/;

/** Which partner environment the counter uses and its credentials; the secret is write-only. */
export function PartnerPanel() {
  const partner = useManager((s) => s.partner);
  const error = useManager((s) => s.partnerError);

  useEffect(() => {
    void useManager.getState().loadPartner();
  }, []);

  return (
    <section className="panel partner" aria-label="eSIM service connection">
      <h2>eSIM service connection</h2>
      <ErrorNotice error={error} />
      {partner ? (
        <PartnerForm partner={partner} />
      ) : (
        !error && (
          <p className="muted" role="status">
            Loading…
          </p>
        )
      )}
    </section>
  );
}

/** Where the secret is kept, in words a shop manager can repeat to whoever looks after the computer. */
function SecretPlace({ partner }: { partner: PartnerSettingsView }) {
  if (partner.secretStore === 'os_keychain') {
    return <p data-testid="secret-place">The partner secret is kept in this computer’s keychain.</p>;
  }
  if (partner.secretStore === 'safe_storage') {
    return <p data-testid="secret-place">The partner secret is kept encrypted with this computer’s keychain.</p>;
  }
  return (
    <p data-testid="secret-place">
      No keychain is available to the app on this computer, so the partner secret is kept in a file that only the user account
      running the app can read
      {partner.secretFile ? (
        <>
          : <code>{partner.secretFile}</code>
        </>
      ) : (
        '.'
      )}
    </p>
  );
}

function PartnerForm({ partner }: { partner: PartnerSettingsView }) {
  const [environment, setEnvironment] = useState(partner.environment);
  const [clientId, setClientId] = useState(partner.clientId ?? '');
  // Never prefilled: the backend does not give the secret back, and it is not kept here after saving.
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Outcome>(null);
  const confirmDialog = useRef<HTMLDialogElement>(null);

  const needsCredentials = environment !== 'demo';
  const keepsSecret = partner.hasSecret && environment === partner.environment;
  const idOk = !needsCredentials || CREDENTIAL.test(clientId.trim());
  const secretOk = !needsCredentials || (secret.trim() === '' ? keepsSecret : CREDENTIAL.test(secret.trim()));
  const changed =
    environment !== partner.environment || (needsCredentials && (clientId.trim() !== (partner.clientId ?? '') || secret !== ''));

  const save = () => {
    setBusy(true);
    setMessage(null);
    void useManager
      .getState()
      .savePartner({
        environment,
        ...(needsCredentials ? { clientId: clientId.trim() } : {}),
        ...(needsCredentials && secret.trim() ? { clientSecret: secret.trim() } : {}),
      })
      .then((failure) => {
        setBusy(false);
        // The secret leaves the screen as soon as it is stored.
        if (failure) setMessage({ ok: false, text: failure });
        else {
          setSecret('');
          setMessage({ ok: true, text: 'Saved.' });
        }
      });
  };

  return (
    <>
      <form
        aria-label="Connection settings"
        autoComplete="off"
        onSubmit={(event) => {
          event.preventDefault();
          if (!changed || !idOk || !secretOk) return;
          if (environment === 'production' && partner.environment !== 'production') confirmDialog.current?.showModal();
          else save();
        }}
      >
        <p>
          Running now on <strong data-testid="running-environment">{ENVIRONMENT_WORDS[partner.running]}</strong>.
        </p>
        {partner.environment !== partner.running && (
          <div className="notice warn" role="status">
            Restart the app to switch to {ENVIRONMENT_WORDS[partner.environment]}. Sales go on with{' '}
            {ENVIRONMENT_WORDS[partner.running]} until then.
          </div>
        )}
        <p className="muted" data-testid="next-journal">
          {partner.environment === partner.running ? 'The counter opens' : 'At the next start the counter opens'} the{' '}
          {ENVIRONMENT_WORDS[partner.environment]} journal, <code>{partner.nextJournal.file}</code> in{' '}
          <code>{partner.nextJournal.folder}</code>
          {partner.nextJournal.exists
            ? '.'
            : ': a new one, with no sales and no staff. The first start on it asks for the store’s owner.'}{' '}
          Each environment keeps its own sales, staff, closes and audit log.
        </p>
        <fieldset className="choices" aria-label="Environment">
          {CHOICES.map((c) => (
            <label key={c.value} className={c.value === 'production' ? 'choice production' : 'choice'}>
              <input
                type="radio"
                name="environment"
                value={c.value}
                checked={environment === c.value}
                onChange={() => setEnvironment(c.value)}
              />
              <span>
                <strong>{ENVIRONMENT_WORDS[c.value]}</strong>
                <span className="muted">{c.help}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {needsCredentials && (
          <div className="form-grid">
            <label>
              Client id
              <input
                value={clientId}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={!idOk}
                onChange={(e) => setClientId(e.target.value)}
              />
            </label>
            <label>
              Client secret
              <input
                type="password"
                value={secret}
                autoComplete="new-password"
                spellCheck={false}
                placeholder={keepsSecret ? 'Leave empty to keep the stored secret' : ''}
                aria-invalid={secret !== '' && !secretOk}
                onChange={(e) => setSecret(e.target.value)}
              />
            </label>
          </div>
        )}
        {needsCredentials && (
          <p className="muted">
            {keepsSecret
              ? `A secret is stored for ${ENVIRONMENT_WORDS[partner.environment]}. It is never shown; type a new one to replace it.`
              : 'Once saved, the secret is never shown again.'}
          </p>
        )}
        {needsCredentials && <SecretPlace partner={partner} />}
        {needsCredentials && !idOk && clientId !== '' && <p className="bad">The client id has letters, digits, - and _ only.</p>}
        {needsCredentials && secret !== '' && !secretOk && <p className="bad">The secret has letters, digits, - and _ only.</p>}
        <div className="actions">
          <button type="submit" className="button" disabled={!changed || !idOk || !secretOk || busy}>
            Save connection
          </button>
          {message?.ok && (
            <span className="saved" role="status">
              {message.text}
            </span>
          )}
          {needsCredentials && (!idOk || !secretOk) && clientId === '' && secret === '' && (
            <span className="muted">Enter the client id and secret the partner gave you.</span>
          )}
        </div>
        <ErrorNotice error={message && !message.ok ? message.text : null} />
      </form>
      <dialog
        ref={confirmDialog}
        className="confirm-dialog"
        aria-labelledby="production-heading"
        onClose={() => {
          if (confirmDialog.current?.returnValue === 'confirm') save();
        }}
      >
        <form method="dialog">
          <h2 id="production-heading">Switch to Production?</h2>
          <p>
            In Production every sale buys a <strong>real eSIM</strong> and is paid with <strong>real money</strong> from the
            shop’s balance with the eSIM service.
          </p>
          <p>
            Production has a journal of its own: the Demo staff and practice sales are not in it. At its first start you set up
            the store and its owner.
          </p>
          <p>The switch happens when the app is next started.</p>
          <div className="actions">
            <button type="submit" value="cancel" className="button secondary" autoFocus>
              Cancel
            </button>
            <button type="submit" value="confirm" className="button danger">
              Yes, use Production
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
