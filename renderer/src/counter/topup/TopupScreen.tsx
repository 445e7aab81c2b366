import { useCallback, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { TopupOffer } from '../../../../shared/sales.ts';
import { api } from '../../api.ts';
import { describeError, fieldWords } from '../../errors.ts';
import { openScreen } from '../../nav.ts';
import { useStore } from '../../state/store.ts';
import { FlowSteps } from '../../ui/FlowSteps.tsx';
import { IccidField } from '../../ui/IccidField.tsx';
import { groupIccid } from '../esim/EsimCodes.tsx';
import { isolate } from '../../ui/isolate.ts';
import { ConfirmTopup, TOPUP_UNSETTLED, type TopupCheckout } from './ConfirmTopup.tsx';
import { TopupOffers } from './TopupOffers.tsx';
import { TopupResult } from './TopupResult.tsx';
import { EsimPackages } from '../esim/EsimPackages.tsx';
import { useTopupDisplay } from './useTopupDisplay.ts';
import { useScannerBurst } from '../../ui/useScannerBurst.ts';
import { CreditShortNotice, ReadinessNotice, sellingBlocked, useCreditCovers, useReadiness } from '../../ui/ReadinessNotice.tsx';
import '../../ui/counter-screens.css';

type Step = 'scan' | 'choose' | 'confirm' | 'done';
const STEPS: readonly Step[] = ['scan', 'choose', 'confirm', 'done'];

/** How often an unsettled top-up is looked up, besides the topup.updated events. */
const POLL_MS = 4000;

/**
 * Top up an eSIM: scan (or type) the ICCID → pick a top-up → payment and confirm → receipt.
 * A scanner burst fills the ICCID wherever the focus is; Escape goes back a step.
 */
export function TopupScreen() {
  const { t } = useTranslation(['topup', 'common']);
  const options = useStore((s) => s.topupOptions);
  const iccid = useStore((s) => s.topupIccid);
  const topup = useStore((s) => s.topup);
  const error = useStore((s) => s.topupError);
  const busy = useStore((s) => s.topupBusy);
  const info = useStore((s) => s.info);
  const readiness = useReadiness();
  const [checkout, setCheckout] = useState<TopupCheckout | null>(null);
  // Usage hands an ICCID over ("Top up this eSIM"): the field starts with it and looks it up.
  const [preset, setPreset] = useState<string | null>(() => useStore.getState().handoffIccid);
  const [fieldKey, setFieldKey] = useState(0);

  const unsettled = topup !== null && TOPUP_UNSETTLED.has(topup.status);
  const covered = useCreditCovers(checkout ? { packageId: checkout.offer.id, quantity: 1, iccid: checkout.iccid } : null);
  const step: Step =
    topup?.status === 'completed' ? 'done' : checkout ? 'confirm' : options.status === 'ready' ? 'choose' : 'scan';

  useEffect(() => useStore.getState().handOffIccid(null), []);
  // Done: the display already says so (the backend's), and the offer must not come back over it.
  useTopupDisplay(step === 'done' ? 'done' : checkout ? { iccid: checkout.iccid, packageId: checkout.offer.id } : null);

  // The backend pushes topup.updated; events may be missed (a reconnect), so also poll while unsettled.
  useEffect(
    () =>
      api().subscribe((name, payload) => {
        if (name === 'topup.updated') useStore.getState().topupUpdated(payload as { id: string; status: never });
      }),
    [],
  );
  useEffect(() => {
    if (!unsettled) return;
    const timer = setInterval(() => void useStore.getState().refreshTopup(), POLL_MS);
    return () => clearInterval(timer);
  }, [unsettled]);

  const lookUp = useCallback((value: string) => {
    setCheckout(null);
    setPreset(null);
    void useStore.getState().lookUpTopups(value);
  }, []);

  const pick = (offer: TopupOffer) => {
    if (options.status !== 'ready') return;
    useStore.getState().clearTopup();
    setCheckout({
      topupId: crypto.randomUUID(),
      iccid: options.value.iccid,
      luhnValid: options.value.luhnValid,
      offer,
      paymentMethod: null,
      checksumConfirmed: false,
    });
  };

  const backToOffers = useCallback(() => {
    useStore.getState().clearTopup();
    setCheckout(null);
  }, []);

  // The field keeps what was typed and says what is wrong with it; the previous eSIM's offers go.
  const clearOffers = useCallback(() => {
    useStore.getState().resetTopups();
    setCheckout(null);
    setPreset(null);
  }, []);

  const startOver = useCallback(() => {
    useStore.getState().resetTopups();
    setCheckout(null);
    setPreset(null);
    setFieldKey((k) => k + 1);
  }, []);

  // After a top-up the next customer's scan starts the next one (the field is not on screen then).
  useScannerBurst((scanned) => {
    startOver();
    setPreset(scanned);
  }, step === 'done');

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (step === 'confirm' && !busy && !unsettled) backToOffers();
      else if (step === 'choose' || step === 'done') startOver();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, busy, unsettled, backToOffers, startOver]);

  const lookupError = options.status === 'failed' ? options.error : null;
  const recycled = lookupError?.code === 'partner_rejected' && lookupError.reason === 'recycled';
  const fieldProblem =
    lookupError?.code === 'bad_input' ? (fieldWords(lookupError, 'iccid') ?? describeError(lookupError)) : null;

  return (
    <div className="counter-flow">
      <FlowSteps steps={STEPS.map((key) => ({ key, label: t(`steps.${key}`) }))} current={step} label={t('steps.label')} />
      <h1>{t('heading')}</h1>
      {step !== 'done' && <ReadinessNotice readiness={readiness} />}
      {step === 'confirm' && <CreditShortNotice covered={covered} />}

      {step === 'done' && topup ? (
        <TopupResult
          topup={topup}
          storeName={info?.name ?? t('common:appName')}
          environment={info?.environment ?? 'demo'}
          onUsage={() => {
            useStore.getState().handOffIccid(null);
            void useStore.getState().readUsage(topup.iccid);
            openScreen('usage');
          }}
          onNew={startOver}
        />
      ) : step === 'confirm' && checkout ? (
        <ConfirmTopup
          checkout={checkout}
          topup={topup}
          error={error}
          busy={busy}
          blocked={sellingBlocked(readiness) || covered === false}
          onChange={(patch) => setCheckout({ ...checkout, ...patch })}
          onConfirm={() =>
            void useStore.getState().buyTopup({
              topupId: checkout.topupId,
              iccid: checkout.iccid,
              packageId: checkout.offer.id,
              paymentMethod: checkout.paymentMethod!,
              ...(checkout.luhnValid ? {} : { confirmChecksum: checkout.checksumConfirmed }),
            })
          }
          onBack={backToOffers}
          onRetry={() => void useStore.getState().retryTopup()}
          onCheck={() => void useStore.getState().refreshTopup()}
        />
      ) : (
        <>
          <section className="panel wide" aria-label={t('whichEsim')}>
            <IccidField
              key={fieldKey}
              id="topup-iccid"
              action={t('find')}
              busy={options.status === 'loading'}
              problem={fieldProblem}
              preset={preset}
              initial={iccid ?? ''}
              onLookUp={lookUp}
              onRefused={clearOffers}
            />
          </section>

          {/* Always there, so the look-up under way is read when it starts. */}
          <div role="status">
            {options.status === 'loading' && (
              <p className="notice progress">
                <span className="spinner" aria-hidden="true" />{' '}
                {iccid ? t('asking', { iccid: isolate(groupIccid(iccid)) }) : t('askingThis')}
              </p>
            )}
          </div>
          {lookupError && !fieldProblem && (
            <div className="notice error" role="alert">
              {recycled ? (
                <>
                  <p>
                    <strong>{t('recycled.title')}</strong> {t('recycled.body')}
                  </p>
                  <p>{t('recycled.next')}</p>
                  <button type="button" className="button primary" onClick={() => openScreen('sell')}>
                    {t('recycled.sell')}
                  </button>
                </>
              ) : lookupError.code === 'not_found' ? (
                <>
                  <p>{describeError(lookupError)}</p>
                  <p>{t('compareDigits')}</p>
                </>
              ) : (
                <>
                  <p>{describeError(lookupError)}</p>
                  <button type="button" className="button secondary" onClick={() => iccid && lookUp(iccid)}>
                    {t('common:action.tryAgain')}
                  </button>
                </>
              )}
            </div>
          )}
          {/* What the eSIM has already, before the clerk picks what to add. */}
          {options.status === 'ready' && <EsimPackages key={options.value.iccid} iccid={options.value.iccid} level={2} />}
          {options.status === 'ready' && (
            <section aria-labelledby="topup-offers-heading">
              <h2 id="topup-offers-heading">{t('offersFor', { iccid: isolate(groupIccid(options.value.iccid)) })}</h2>
              {!options.value.luhnValid && (
                <p className="notice warn" role="note">
                  {t('checkDigit')}
                </p>
              )}
              <TopupOffers offers={options.value.offers} onPick={pick} />
              <p className="hint">
                <Trans t={t} i18nKey="keys" components={{ enter: <kbd />, esc: <kbd /> }} />
              </p>
            </section>
          )}
        </>
      )}
    </div>
  );
}
