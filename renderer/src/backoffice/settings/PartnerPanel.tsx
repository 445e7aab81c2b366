import { useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { Environment, PartnerSettingsView } from '../../../../shared/contract.ts';
import { askCredentialsAgain } from '../../shell/CredentialsNotice.tsx';
import { ErrorNotice, Loading, type Outcome } from '../common/notices.tsx';
import { apiKey, queryClient, useApiMutation, useApiQuery } from '../common/query.tsx';
import { describeError } from '../../errors.ts';

const CHOICES: readonly Environment[] = ['demo', 'partner_sandbox', 'production'];

const CREDENTIAL = /^[A-Za-z0-9_-]{1,200}$/;

/** Which partner environment the counter uses and its credentials; the secret is write-only. */
export function PartnerPanel() {
  const { t } = useTranslation('settings');
  const { data: partner, error } = useApiQuery('settings.partner', {});

  return (
    <section className="panel partner" aria-label={t('partner.region')}>
      <h2>{t('partner.heading')}</h2>
      <ErrorNotice error={error} />
      {partner ? <PartnerForm partner={partner} /> : !error && <Loading />}
    </section>
  );
}

/** Where the secret is kept, in words a shop manager can repeat to whoever looks after the computer. */
function SecretPlace({ partner }: { partner: PartnerSettingsView }) {
  const { t } = useTranslation('settings');
  if (partner.secretStore === 'os_keychain') {
    return <p data-testid="secret-place">{t('partner.secretKeychain')}</p>;
  }
  if (partner.secretStore === 'safe_storage') {
    return <p data-testid="secret-place">{t('partner.secretEncrypted')}</p>;
  }
  if (partner.secretStore === 'vault') {
    return (
      <p data-testid="secret-place">
        <Trans t={t} i18nKey="partner.secretVault" values={{ file: partner.secretFile ?? '' }} components={{ code: <code /> }} />
      </p>
    );
  }
  return (
    <p data-testid="secret-place">
      {partner.secretFile ? (
        <Trans t={t} i18nKey="partner.secretFile" values={{ file: partner.secretFile }} components={{ code: <code /> }} />
      ) : (
        t('partner.secretFileUnnamed')
      )}
    </p>
  );
}

function PartnerForm({ partner }: { partner: PartnerSettingsView }) {
  const { t } = useTranslation(['settings', 'common', 'manager']);
  const words = (environment: Environment) => t(`partner.environment.${environment}`);
  const [environment, setEnvironment] = useState(partner.environment);
  const [clientId, setClientId] = useState(partner.clientId ?? '');
  // Never prefilled: the backend does not give the secret back, and it is not kept here after saving.
  const [secret, setSecret] = useState('');
  const saving = useApiMutation('settings.setPartner', {
    onSuccess: (saved) => queryClient.setQueryData(apiKey('settings.partner', {}), saved),
  });
  const busy = saving.isPending;
  const [message, setMessage] = useState<Outcome>(null);
  const confirmDialog = useRef<HTMLDialogElement>(null);

  const needsCredentials = environment !== 'demo';
  // With no keychain, a secret is sealed under the PINs of its own environment's managers: there.
  const secretThere = partner.secretOnlyWhereRunning && environment !== partner.running;
  const keepsSecret = partner.hasSecret && environment === partner.environment;
  const idOk = !needsCredentials || CREDENTIAL.test(clientId.trim());
  const secretOk = !needsCredentials || secretThere || (secret.trim() === '' ? keepsSecret : CREDENTIAL.test(secret.trim()));
  const changed =
    environment !== partner.environment || (needsCredentials && (clientId.trim() !== (partner.clientId ?? '') || secret !== ''));

  const save = () => {
    setMessage(null);
    saving.mutate(
      {
        environment,
        ...(needsCredentials ? { clientId: clientId.trim() } : {}),
        ...(needsCredentials && !secretThere && secret.trim() ? { clientSecret: secret.trim() } : {}),
      },
      {
        onError: (failure) => setMessage({ ok: false, text: describeError(failure) }),
        // The secret leaves the screen as soon as it is stored.
        onSuccess: () => {
          setSecret('');
          setMessage({ ok: true, text: t('manager:saved') });
          askCredentialsAgain();
        },
      },
    );
  };

  return (
    <>
      <form
        aria-label={t('partner.form')}
        autoComplete="off"
        onSubmit={(event) => {
          event.preventDefault();
          if (!changed || !idOk || !secretOk) return;
          if (environment === 'production' && partner.environment !== 'production') confirmDialog.current?.showModal();
          else save();
        }}
      >
        <p>
          <Trans
            t={t}
            i18nKey="partner.running"
            values={{ environment: words(partner.running) }}
            components={{ strong: <strong data-testid="running-environment" /> }}
          />
        </p>
        {partner.environment !== partner.running && (
          <div className="notice warn" role="status">
            {t('partner.restart', { next: words(partner.environment), running: words(partner.running) })}
          </div>
        )}
        <p className="muted" data-testid="next-journal">
          <Trans
            t={t}
            i18nKey={
              partner.environment === partner.running
                ? partner.nextJournal.exists
                  ? 'partner.journalNow'
                  : 'partner.journalNowNew'
                : partner.nextJournal.exists
                  ? 'partner.journalNext'
                  : 'partner.journalNextNew'
            }
            values={{
              environment: words(partner.environment),
              file: partner.nextJournal.file,
              folder: partner.nextJournal.folder,
            }}
            components={{ code: <code /> }}
          />{' '}
          {t('partner.journalEach')}
        </p>
        <fieldset className="choices" aria-label={t('partner.environments')}>
          {CHOICES.map((value) => (
            <label key={value} className={value === 'production' ? 'choice production' : 'choice'}>
              <input
                type="radio"
                name="environment"
                value={value}
                checked={environment === value}
                onChange={() => setEnvironment(value)}
              />
              <span>
                <strong>{words(value)}</strong>
                <span className="muted">{t(`partner.environmentHelp.${value}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {needsCredentials && (
          <div className="form-grid">
            <label>
              {t('partner.clientId')}
              <input
                value={clientId}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={!idOk}
                onChange={(e) => setClientId(e.target.value)}
              />
            </label>
            {!secretThere && (
              <label>
                {t('partner.clientSecret')}
                <input
                  type="password"
                  value={secret}
                  autoComplete="new-password"
                  spellCheck={false}
                  placeholder={keepsSecret ? t('partner.keepSecret') : ''}
                  aria-invalid={secret !== '' && !secretOk}
                  onChange={(e) => setSecret(e.target.value)}
                />
              </label>
            )}
          </div>
        )}
        {secretThere && (
          <p className="notice warn" role="status" data-testid="secret-there">
            {t('partner.secretThere', { environment: words(environment) })}
          </p>
        )}
        {needsCredentials && !secretThere && (
          <p className="muted">
            {keepsSecret ? t('partner.secretStored', { environment: words(partner.environment) }) : t('partner.secretNeverShown')}
          </p>
        )}
        {needsCredentials && <SecretPlace partner={partner} />}
        {needsCredentials && !idOk && clientId !== '' && <p className="bad">{t('partner.badId')}</p>}
        {needsCredentials && secret !== '' && !secretOk && <p className="bad">{t('partner.badSecret')}</p>}
        <div className="actions">
          <button type="submit" className="button" disabled={!changed || !idOk || !secretOk || busy}>
            {t('partner.save')}
          </button>
          {message?.ok && (
            <span className="saved" role="status">
              {message.text}
            </span>
          )}
          {needsCredentials && (!idOk || !secretOk) && clientId === '' && secret === '' && (
            <span className="muted">{t('partner.enterCredentials')}</span>
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
          <h2 id="production-heading">{t('partner.switchHeading')}</h2>
          <p>
            <Trans t={t} i18nKey="partner.switchReal" components={{ strong: <strong /> }} />
          </p>
          <p>{t('partner.switchJournal')}</p>
          <p>{t('partner.switchWhen')}</p>
          <div className="actions">
            <button type="submit" value="cancel" className="button secondary" autoFocus>
              {t('common:action.cancel')}
            </button>
            <button type="submit" value="confirm" className="button danger">
              {t('partner.switchConfirm')}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
