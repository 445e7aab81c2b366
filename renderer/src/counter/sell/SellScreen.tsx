import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackageOffer } from '../../../../shared/catalog.ts';
import type { SaleView } from '../../../../shared/sales.ts';
import { describeSaleFailure } from '../../errors.ts';
import { hasEntries } from '../../state/checkout.ts';
import { UNSETTLED } from '../../state/sale.ts';
import { openScreen } from '../../nav.ts';
import { useStore } from '../../state/store.ts';
import { CameraScan } from '../camera/CameraScan.tsx';
import { CountryPicker } from './CountryPicker.tsx';
import { PackageList } from './PackageList.tsx';
import { CheckoutDetails } from './CheckoutDetails.tsx';
import { ConfirmSale } from './ConfirmSale.tsx';
import { SaleResult } from './SaleResult.tsx';
import { SpecialOrder, useSpecialOrder } from '../orders/SpecialOrder.tsx';
import { Stepper, type SellStep } from './Stepper.tsx';
import { AsideSales, IccidOffer, KeptEntries } from './SellNotes.tsx';
import { PendingAtStart } from './PendingAtStart.tsx';
import { CreditShortNotice, ReadinessNotice, sellingBlocked, useCreditCovers, useReadiness } from '../../ui/ReadinessNotice.tsx';
import { iccidTyped } from './checkout.ts';
import { deliveryInput } from './EmailDelivery.tsx';
import { placeWords } from '../esim/package-words.ts';
import { useFormats } from '../../i18n/format.ts';
import { offlinePossible } from './offline-possible.ts';

/** Fetched the first time a trip is planned: the first paint does without it. */
const TripPlanner = lazy(() => import('./TripPlanner.tsx').then((m) => ({ default: m.TripPlanner })));

/** A sale taken while the service is away is rare: its result screen loads when one is taken. */
const OfflineResult = lazy(() => import('./OfflineSale.tsx').then((m) => ({ default: m.OfflineResult })));

/** Whether the customer display may keep what it shows when the clerk leaves: a sale is paid for. */
const holdsDisplay = (sale: SaleView | null) => sale !== null && (sale.status === 'completed' || UNSETTLED.has(sale.status));

/**
 * The sale as steps on one screen: country and package → details → confirm → the eSIM.
 * Escape goes back a step, Enter continues. The customer display follows along. The sale being
 * prepared and its outcome live in the store: another screen, or a lock, does not lose them.
 */
export function SellScreen() {
  const { t } = useTranslation(['sell', 'common']);
  const f = useFormats();
  const countries = useStore((s) => s.countries);
  const loadCountries = useStore((s) => s.loadCountries);
  const selected = useStore((s) => s.selectedCountry);
  const selectCountry = useStore((s) => s.selectCountry);
  const packages = useStore((s) => s.packages);
  const sale = useStore((s) => s.sale);
  const saleError = useStore((s) => s.saleError);
  const saleBusy = useStore((s) => s.saleBusy);
  const saleCheck = useStore((s) => s.saleCheck);
  const readiness = useReadiness();
  const display = useStore((s) => s.display);
  const displayError = useStore((s) => s.displayError);
  const info = useStore((s) => s.info);
  const step = useStore((s) => s.sellStep);
  const checkout = useStore((s) => s.checkout);
  const entries = useStore((s) => s.entries);
  const soldOut = useStore((s) => s.soldOut);
  const aside = useStore((s) => s.asideSales);
  const [focusToken, setFocusToken] = useState(0);
  // A new picker (an empty search) for a new sale; the same one while the clerk goes back and forth.
  const [pickerKey, setPickerKey] = useState(0);
  const search = useRef<HTMLDivElement>(null);
  // An eSIM's ICCID scanned or typed into the country search: the customer wants a top-up.
  const [scanned, setScanned] = useState<string | null>(null);
  // A trip through several countries is planned in place of the country search; it stays open
  // through a sale of one of its packages, for the next.
  const [planning, setPlanning] = useState(false);
  // A trip's whole option is paid for and issued inside the planner, as one basket.
  const [basketStep, setBasketStep] = useState<SellStep | null>(null);

  useEffect(() => {
    if (countries.status === 'idle') void loadCountries();
  }, [countries.status, loadCountries]);

  const unsettled = sale !== null && UNSETTLED.has(sale.status);
  // A group or future order (more than 10 eSIMs, a later date) has its own confirm and result steps.
  const special = useSpecialOrder(checkout);
  // A sale taken while the service is away is done at the counter: its result says what was promised.
  const shownStep: SellStep =
    sale?.status === 'completed' || sale?.offline || special.done ? 'result' : checkout ? step : 'choose';
  // Asked from Details on, before payment: an order the shop's credit cannot pay is never taken.
  const covered = useCreditCovers(
    checkout && shownStep !== 'choose' && shownStep !== 'result'
      ? { packageId: checkout.offer.id, quantity: checkout.quantity }
      : null,
  );
  const blocked = sellingBlocked(readiness) || covered === false;

  useEffect(() => {
    const store = useStore.getState();
    store.setSellOnScreen(true);
    // Back at a package not yet sold: the customer sees its offer again.
    if (store.checkout && !store.sale && store.sellStep !== 'choose') {
      void store.showOnDisplay({ kind: 'offer', packageId: store.checkout.offer.id, quantity: store.checkout.quantity });
    }
    return () => {
      const now = useStore.getState();
      now.setSellOnScreen(false);
      // Nothing sold or being settled: an offer must not stay up for the customer on another
      // screen. (A lock or sign-out cannot ask: the display is then the backend's to clear.)
      if (now.session?.status === 'active' && now.display?.kind === 'offer' && !holdsDisplay(now.sale)) {
        void now.showOnDisplay({ kind: 'idle' });
      }
    };
  }, []);

  const pick = (offer: PackageOffer) => {
    useStore.getState().pickOffer(offer);
    void useStore
      .getState()
      .showOnDisplay({ kind: 'offer', packageId: offer.id, quantity: useStore.getState().entries.quantity });
  };

  const toConfirm = () => {
    if (!checkout) return;
    useStore.getState().setSellStep('confirm');
    void useStore.getState().loadReadiness();
    void useStore.getState().showOnDisplay({ kind: 'offer', packageId: checkout.offer.id, quantity: checkout.quantity });
  };

  const confirm = () => {
    if (!checkout?.paymentMethod || blocked) return;
    const email = checkout.email.trim();
    void useStore.getState().sell({
      saleId: checkout.saleId,
      packageId: checkout.offer.id,
      quantity: checkout.quantity,
      paymentMethod: checkout.paymentMethod,
      ...(email ? { customerEmail: email } : {}),
      ...(checkout.destination ? { destination: checkout.destination } : {}),
      ...deliveryInput(checkout),
    });
  };

  const takeOffline = (email: string, again: string) => {
    const store = useStore.getState();
    // A sale that failed because the service was away was never ordered: it is taken again, offline.
    if (store.sale) store.renewSaleId();
    const draft = useStore.getState().checkout;
    if (!draft?.paymentMethod) return;
    void store
      .sellOffline({
        saleId: draft.saleId,
        packageId: draft.offer.id,
        quantity: draft.quantity,
        paymentMethod: draft.paymentMethod,
        customerEmail: email,
        customerEmailAgain: again,
        ...(draft.destination ? { destination: draft.destination } : {}),
      })
      .then(() => {
        // The customer reads the address back on their screen, with when and what if not.
        const taken = useStore.getState().sale;
        if (taken?.offline) void useStore.getState().showOnDisplay({ kind: 'emailed', saleId: taken.id });
      });
  };

  const backToPackages = useCallback(() => {
    const store = useStore.getState();
    // A package the service has just sold out is not offered again in this sale.
    if (store.sale?.status === 'failed' && describeSaleFailure(store.sale.failure).soldOut) {
      store.markSoldOut(store.sale.packageId);
    }
    store.backToPackages();
    setFocusToken((n) => n + 1);
    void store.showOnDisplay({ kind: 'idle' });
  }, []);

  const startOver = () => {
    const store = useStore.getState();
    store.clearSale();
    store.resetCheckout();
    store.clearCountry();
    setPickerKey((k) => k + 1);
    setScanned(null);
    void store.showOnDisplay({ kind: 'idle' });
  };

  const newSale = () => {
    // Thanks clears the QR from the customer display; the backend returns it to idle by itself.
    void useStore.getState().showOnDisplay({ kind: 'thanks' });
    useStore.getState().clearSale();
    useStore.getState().resetCheckout();
    useStore.getState().clearCountry();
    setPickerKey((k) => k + 1);
    setScanned(null);
  };

  const setAside = () => {
    useStore.getState().setSaleAside();
    startOver();
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (shownStep === 'details') backToPackages();
      else if (shownStep === 'confirm' && !saleBusy && !unsettled && !special.sent) {
        if (sale)
          backToPackages(); // a failed sale's id is spent: the next try is a new checkout
        else useStore.getState().setSellStep('details');
      } else if (shownStep === 'choose') search.current?.querySelector<HTMLInputElement>('input')?.focus();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shownStep, saleBusy, unsettled, sale, backToPackages, special.sent]);

  const selectedPlace = countries.status === 'ready' ? countries.value.find((c) => c.code === selected) : undefined;
  const selectedName = selectedPlace ? placeWords(selectedPlace, f) : undefined;

  return (
    <div className="sell-flow">
      {/* A trip's whole option has no Details step: one payment for its packages as they are. */}
      {planning && shownStep === 'choose' && basketStep ? (
        <Stepper step={basketStep} skipped={['details']} />
      ) : (
        <Stepper step={shownStep} />
      )}
      {shownStep !== 'result' && <ReadinessNotice readiness={readiness} />}
      {shownStep !== 'result' && <CreditShortNotice covered={covered} />}
      {shownStep === 'choose' && <PendingAtStart />}
      {aside.length > 0 && <AsideSales sales={aside} />}
      {/* Kept while the clerk is on later steps, so going back finds the search as it was. */}
      {planning && (
        <div hidden={shownStep !== 'choose'}>
          <Suspense
            fallback={
              <p className="muted loading" role="status">
                <span className="spinner" aria-hidden="true" /> {t('trip.open')}
              </p>
            }
          >
            <TripPlanner onPick={pick} onClose={() => setPlanning(false)} onBasketStep={setBasketStep} />
          </Suspense>
        </div>
      )}
      <div className="sell" hidden={shownStep !== 'choose' || planning}>
        <section className="sell-countries" aria-labelledby="where-heading" ref={search}>
          <div className="sell-where">
            <h1 id="where-heading">{t('where')}</h1>
            <span className="sell-where-actions">
              <button type="button" className="button secondary" onClick={() => setPlanning(true)}>
                {t('trip.open')}
              </button>
              {/* Several packages and top-ups for one payment (a family, a group of friends). */}
              <button type="button" className="button secondary" onClick={() => openScreen('basket')}>
                {t('basket.open')}
              </button>
            </span>
          </div>
          <CountryPicker
            key={pickerKey}
            countries={countries}
            selected={selected}
            onSelect={(code) => {
              void selectCountry(code);
              setFocusToken((n) => n + 1);
            }}
            onRetry={() => void loadCountries()}
            onQuery={(query) => setScanned(iccidTyped(query))}
            // The camera reads the ICCID (or a sold eSIM's install QR) as a scanner typing it would.
            beside={<CameraScan onIccid={setScanned} />}
          />
          {scanned && shownStep === 'choose' && <IccidOffer iccid={scanned} />}
        </section>
        <section className="sell-packages" aria-labelledby="packages-heading">
          <h2 id="packages-heading">{selectedName ? t('packagesFor', { place: selectedName }) : t('packagesHeading')}</h2>
          {shownStep === 'choose' && (hasEntries(entries) || soldOut.length > 0) && (
            <KeptEntries entries={entries} onStartOver={startOver} />
          )}
          <PackageList
            packages={packages}
            countryName={selectedName}
            onRetry={() => selected && void selectCountry(selected)}
            onPick={pick}
            focusToken={focusToken}
            soldOut={soldOut}
          />
        </section>
      </div>
      {shownStep === 'details' && checkout ? (
        <CheckoutDetails
          checkout={checkout}
          onChange={(patch) => useStore.getState().editCheckout(patch)}
          onBack={backToPackages}
          onContinue={toConfirm}
        />
      ) : shownStep !== 'choose' && checkout && special.kind !== 'sale' ? (
        <SpecialOrder
          checkout={checkout}
          blocked={blocked}
          storeName={info?.name ?? t('common:appName')}
          onBack={() => useStore.getState().setSellStep('details')}
          onOtherPackage={backToPackages}
          onNewSale={newSale}
        />
      ) : shownStep === 'confirm' && checkout ? (
        <ConfirmSale
          checkout={checkout}
          sale={sale}
          error={saleError}
          busy={saleBusy}
          blocked={blocked}
          check={saleCheck}
          onConfirm={confirm}
          onBack={() => useStore.getState().setSellStep('details')}
          onRetry={() => void useStore.getState().retrySale()}
          onCheck={() => void useStore.getState().checkSale()}
          onOtherPackage={backToPackages}
          onSetAside={setAside}
          {...(readiness && offlinePossible(readiness) && covered !== false
            ? { offline: { readiness, onTake: takeOffline } }
            : {})}
        />
      ) : (
        shownStep === 'result' &&
        sale &&
        (sale.offline ? (
          <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
            <OfflineResult
              sale={sale}
              display={display}
              storeName={info?.name ?? t('common:appName')}
              environment={info?.environment ?? 'demo'}
              onShowOnDisplay={() => useStore.getState().showOnDisplay({ kind: 'emailed', saleId: sale.id })}
              onNewSale={newSale}
            />
          </Suspense>
        ) : (
          <SaleResult
            sale={sale}
            display={display}
            displayError={displayError}
            storeName={info?.name ?? t('common:appName')}
            environment={info?.environment ?? 'demo'}
            onShowOnDisplay={() => useStore.getState().showOnDisplay({ kind: 'install', saleId: sale.id })}
            onNewSale={newSale}
          />
        ))
      )}
    </div>
  );
}
