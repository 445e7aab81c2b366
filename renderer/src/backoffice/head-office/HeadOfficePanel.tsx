import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CHAIN_ID_PATTERN, type ChainStatus } from '../../../../shared/chain.ts';
import { useFormats } from '../../i18n/format.ts';
import { ErrorNotice, Loading, OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { describeError } from '../../errors.ts';
import { apiKey, invalidate, queryClient, useApiMutation, useApiQuery } from '../common/query.tsx';

const URL_START = /^postgres(ql)?:\/\//;
/** host:port/database reads left to right inside right-to-left text too. */
const ltr = (text: string) => `\u2066${text}\u2069`;
/** How often the status is read again while the panel is open. */
const REFRESH_MS = 5000;

/**
 * The counter as one node of a chain: its store and counter ids, how its journal's shipping to the
 * head office goes (in sync, N waiting, last sent at), and joining a head office.
 */
export function HeadOfficePanel() {
  const { t } = useTranslation('chain');
  const status = useApiQuery('chain.status', {}, { refetchInterval: REFRESH_MS });
  const error = status.error;

  return (
    <section className="panel head-office" aria-label={t('region')}>
      <h2>{t('heading')}</h2>
      <p className="muted">{t('about')}</p>
      <ErrorNotice error={error} />
      {status.data ? (
        <>
          <ShippingStatus status={status.data} />
          <JoinForm
            status={status.data}
            onJoined={(joined) => {
              queryClient.setQueryData(apiKey('chain.status', {}), joined);
              // The first batch is usually on its way a moment later.
              setTimeout(() => void invalidate(['chain.status']), 1500);
            }}
          />
        </>
      ) : (
        !error && <Loading />
      )}
    </section>
  );
}

export function ShippingStatus({ status }: { status: ChainStatus }) {
  const { t } = useTranslation(['chain', 'settings']);
  const f = useFormats();
  const words = (() => {
    switch (status.state) {
      case 'sending':
      case 'offline':
        return t(`status.${status.state}`, { count: status.waiting });
      case 'refused':
        return t('status.refused', { problem: status.problem ?? '?' });
      default:
        return t(`status.${status.state}`);
    }
  })();
  return (
    <div data-testid="head-office-status">
      <p>
        <Trans
          t={t}
          i18nKey="ids"
          values={{ store: status.storeId, counter: status.counterId }}
          components={{ strong: <strong dir="ltr" /> }}
        />
      </p>
      <p
        className={status.state === 'offline' || status.state === 'refused' ? 'notice warn' : undefined}
        role="status"
        data-state={status.state}
      >
        {words}{' '}
        {status.state !== 'not_joined' &&
          (status.lastShippedAt ? t('lastSent', { time: f.dateTime(status.lastShippedAt) }) : t('neverSent'))}{' '}
        {status.state === 'offline' && status.nextAttemptAt && t('nextTry', { time: f.time(status.nextAttemptAt) })}
      </p>
      {status.server && (
        <p className="muted">
          {t('server', {
            server: ltr(status.server),
            environment: t(`settings:partner.environment.${status.environment}`),
          })}
        </p>
      )}
    </div>
  );
}

function JoinForm({ status, onJoined }: { status: ChainStatus; onJoined: (status: ChainStatus) => void }) {
  const { t } = useTranslation(['chain', 'common']);
  // Never prefilled: it holds the store's password, which the backend does not give back.
  const [url, setUrl] = useState('');
  const [storeId, setStoreId] = useState(status.storeId);
  const [counterId, setCounterId] = useState(status.counterId);
  const join = useApiMutation('chain.join');
  const [message, setMessage] = useState<Outcome>(null);
  const urlOk = URL_START.test(url.trim());
  const storeOk = CHAIN_ID_PATTERN.test(storeId.trim());
  const counterOk = CHAIN_ID_PATTERN.test(counterId.trim());

  return (
    <form
      aria-label={t('form')}
      autoComplete="off"
      onSubmit={(event) => {
        event.preventDefault();
        if (!urlOk || !storeOk || !counterOk) return;
        setMessage(null);
        join.mutate(
          { url: url.trim(), storeId: storeId.trim(), counterId: counterId.trim() },
          {
            onError: (error) => setMessage({ ok: false, text: describeError(error) }),
            onSuccess: (joined) => {
              setUrl('');
              onJoined(joined);
              setMessage({ ok: true, text: t('joined', { server: ltr(joined.server ?? '') }) });
            },
          },
        );
      }}
    >
      <h3>{t('form')}</h3>
      <label className="wide">
        {t('url')}
        <input
          type="password"
          value={url}
          dir="ltr"
          spellCheck={false}
          aria-invalid={url !== '' && !urlOk}
          aria-describedby="head-office-url-help"
          onChange={(e) => {
            setUrl(e.target.value);
            setMessage(null);
          }}
        />
      </label>
      <p id="head-office-url-help" className="muted">
        {t('urlHelp')}
      </p>
      {url !== '' && !urlOk && <p className="bad">{t('badUrl')}</p>}
      <div className="form-grid">
        <label>
          {t('storeId')}
          <input value={storeId} dir="ltr" maxLength={24} aria-invalid={!storeOk} onChange={(e) => setStoreId(e.target.value)} />
        </label>
        <label>
          {t('counterId')}
          <input
            value={counterId}
            dir="ltr"
            maxLength={24}
            aria-invalid={!counterOk}
            onChange={(e) => setCounterId(e.target.value)}
          />
        </label>
      </div>
      <p className="muted">{t('idHelp')}</p>
      {(!storeOk || !counterOk) && <p className="bad">{t('badId')}</p>}
      <div className="actions">
        <button type="submit" className="button" disabled={!urlOk || !storeOk || !counterOk || join.isPending}>
          {t('join')}
        </button>
        <OutcomeNotice outcome={message} />
      </div>
    </form>
  );
}
