import { useId, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { machineTimeZone } from '../../../shared/clock.ts';
import type { Environment, OwnerCreated } from '../../../shared/contract.ts';
import { pinProblem } from '../../../shared/pins.ts';
import { api } from '../api.ts';
import { describeError, pinProblemWords } from '../errors.ts';
import { printPage } from '../print/printPage.ts';
import { useStore } from '../state/store.ts';
import '../setup.css';

const ENVIRONMENT_WORDS: Record<Environment, string> = {
  demo: 'Demo',
  partner_sandbox: 'the partner’s sandbox account',
  production: 'Production: real eSIMs, real money',
};

const MACHINE_TIME_ZONE = machineTimeZone();
const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'CHF', 'AUD', 'CAD', 'JPY', 'SGD', 'AED', 'TRY', 'THB', 'MXN', 'BRL', 'INR'];

/**
 * First run of a journal with nobody on file: the store's details and its owner, then the one-time
 * recovery code. The code stays on screen until the owner says it is written down.
 */
export function SetupScreen({ environment }: { environment: Environment }) {
  const [created, setCreated] = useState<OwnerCreated | null>(null);
  return (
    <main className="setup">
      {created ? (
        <RecoveryCode owner={created} onDone={() => void useStore.getState().finishSetup()} />
      ) : (
        <OwnerForm environment={environment} onCreated={setCreated} />
      )}
    </main>
  );
}

function OwnerForm({ environment, onCreated }: { environment: Environment; onCreated(owner: OwnerCreated): void }) {
  const [storeName, setStoreName] = useState('');
  const [timeZone, setTimeZone] = useState(MACHINE_TIME_ZONE);
  const [currency, setCurrency] = useState('USD');
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problemId = useId();
  // The list leaves out aliases such as UTC, which may be the machine's own zone.
  const zones = useMemo(() => {
    const listed = Intl.supportedValuesOf('timeZone');
    return listed.includes(MACHINE_TIME_ZONE) ? listed : [MACHINE_TIME_ZONE, ...listed];
  }, []);
  const currencies = useMemo(() => {
    const all = new Set(Intl.supportedValuesOf('currency'));
    return [...COMMON_CURRENCIES.filter((c) => all.has(c)), ...[...all].filter((c) => !COMMON_CURRENCIES.includes(c))];
  }, []);

  const pinIssue = pin.length >= 4 ? pinProblem(pin) : null;
  const mismatch = again.length >= pin.length && again.length > 0 && again !== pin;
  const ready = storeName.trim() !== '' && name.trim() !== '' && pinProblem(pin) === null && again === pin && !busy;

  return (
    <form
      className="setup-card"
      aria-labelledby="setup-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        setBusy(true);
        setError(null);
        void api()
          .call('setup.createOwner', { name: name.trim(), pin, storeName: storeName.trim(), timeZone, currency })
          .then((result) => {
            setBusy(false);
            if (result.ok) onCreated(result.value);
            else setError(describeError(result.error));
          });
      }}
    >
      <h1 id="setup-title">Set up this counter</h1>
      <p className="setup-lead">
        This is the first start on {ENVIRONMENT_WORDS[environment]}. Nobody is on file yet: tell us about the store, then choose
        the owner’s PIN. The owner is a manager and can add everyone else.
      </p>
      <fieldset>
        <legend>The store</legend>
        <label>
          Store name
          <input value={storeName} maxLength={80} onChange={(e) => setStoreName(e.target.value)} autoComplete="organization" />
        </label>
        <label>
          Time zone (the store’s days are counted in it)
          <select value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </label>
        <label>
          Currency
          <select value={currency} onChange={(e) => setCurrency(e.target.value)}>
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <fieldset>
        <legend>The owner</legend>
        <label>
          Your name
          <input value={name} maxLength={80} onChange={(e) => setName(e.target.value)} autoComplete="name" />
        </label>
        <label>
          PIN (4–8 digits)
          <input
            value={pin}
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={8}
            aria-invalid={pinIssue !== null}
            aria-describedby={problemId}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <label>
          The same PIN again
          <input
            value={again}
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={8}
            aria-invalid={mismatch !== null}
            aria-describedby={problemId}
            onChange={(e) => setAgain(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <p id={problemId} className="setup-problem" role="status">
          {pinIssue ? pinProblemWords(pinIssue) : mismatch ? pinProblemWords('mismatch') : null}
        </p>
      </fieldset>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={!ready}>
        {busy ? 'Setting up…' : 'Set up the counter'}
      </button>
    </form>
  );
}

function RecoveryCode({ owner, onDone }: { owner: OwnerCreated; onDone(): void }) {
  const [kept, setKept] = useState(false);
  return (
    <section className="setup-card" aria-labelledby="recovery-title">
      <h1 id="recovery-title">Write down the recovery code</h1>
      <p className="setup-lead">
        {owner.name}, you are the owner of this counter. If every manager is ever locked out or forgets their PIN, this code lets
        the person who owns this computer set a new PIN. It is shown only now.
      </p>
      <p className="recovery-code" data-testid="recovery-code">
        {owner.recoveryCode}
      </p>
      <p className="muted">
        Keep it somewhere safe, away from the counter. To use it: <code>npm run admin -- reset-pin</code> on this computer.
      </p>
      <div className="setup-actions">
        <button type="button" className="button secondary" onClick={() => void printPage('a4')}>
          Print the code
        </button>
        <label className="setup-check">
          <input type="checkbox" checked={kept} onChange={(e) => setKept(e.target.checked)} />I have written it down or printed it
        </label>
        <button type="button" className="button" disabled={!kept} onClick={onDone}>
          Continue to sign in
        </button>
      </div>
      {createPortal(
        <div className="print-root paper-a4">
          <div className="recovery-sheet">
            <h1>eSIM Counter — owner’s recovery code</h1>
            <p>Owner: {owner.name}</p>
            <p className="recovery-code">{owner.recoveryCode}</p>
            <p>Keep this sheet away from the counter. It resets a manager’s PIN with “npm run admin -- reset-pin”.</p>
          </div>
        </div>,
        document.body,
      )}
    </section>
  );
}
