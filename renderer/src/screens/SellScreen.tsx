import { useCallback, useEffect, useRef, useState } from 'react';
import type { PackageOffer } from '../../../shared/catalog.ts';
import { useStore } from '../state/store.ts';
import { CountryPicker } from '../components/CountryPicker.tsx';
import { PackageList } from '../components/PackageList.tsx';
import { CheckoutDetails } from '../components/sell/CheckoutDetails.tsx';
import { ConfirmSale, UNSETTLED } from '../components/sell/ConfirmSale.tsx';
import { SaleResult } from '../components/sell/SaleResult.tsx';
import { Stepper, type SellStep } from '../components/sell/Stepper.tsx';
import type { Checkout } from '../components/sell/checkout.ts';

/** How often an unsettled sale is looked up, besides the sale.updated events. */
const POLL_MS = 4000;

/**
 * The sale as steps on one screen: country and package → details → confirm → the eSIM.
 * Escape goes back a step, Enter continues. The customer display follows along.
 */
export function SellScreen() {
  const countries = useStore((s) => s.countries);
  const loadCountries = useStore((s) => s.loadCountries);
  const selected = useStore((s) => s.selectedCountry);
  const selectCountry = useStore((s) => s.selectCountry);
  const packages = useStore((s) => s.packages);
  const sale = useStore((s) => s.sale);
  const saleError = useStore((s) => s.saleError);
  const saleBusy = useStore((s) => s.saleBusy);
  const display = useStore((s) => s.display);
  const displayError = useStore((s) => s.displayError);
  const info = useStore((s) => s.info);
  const [step, setStep] = useState<SellStep>('choose');
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [focusToken, setFocusToken] = useState(0);
  const search = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (countries.status === 'idle') void loadCountries();
  }, [countries.status, loadCountries]);

  const unsettled = sale !== null && UNSETTLED.has(sale.status);
  const shownStep: SellStep = sale?.status === 'completed' ? 'result' : step;

  // Events may be missed (a reconnect); an unsettled sale is also looked up on a timer.
  useEffect(() => {
    if (!unsettled) return;
    const timer = setInterval(() => void useStore.getState().refreshSale(), POLL_MS);
    return () => clearInterval(timer);
  }, [unsettled]);

  const pick = (offer: PackageOffer) => {
    // A new checkout, a new sale id: the id is what makes a double click sell once.
    setCheckout({ saleId: crypto.randomUUID(), offer, quantity: 1, paymentMethod: null, email: '' });
    useStore.getState().clearSale();
    setStep('details');
    void useStore.getState().showOnDisplay({ kind: 'offer', packageId: offer.id, quantity: 1 });
  };

  const toConfirm = () => {
    if (!checkout) return;
    setStep('confirm');
    void useStore.getState().showOnDisplay({ kind: 'offer', packageId: checkout.offer.id, quantity: checkout.quantity });
  };

  const confirm = () => {
    if (!checkout?.paymentMethod) return;
    const email = checkout.email.trim();
    void useStore.getState().sell({
      saleId: checkout.saleId,
      packageId: checkout.offer.id,
      quantity: checkout.quantity,
      paymentMethod: checkout.paymentMethod,
      ...(email ? { customerEmail: email } : {}),
    });
  };

  const backToPackages = useCallback(() => {
    useStore.getState().clearSale();
    setCheckout(null);
    setStep('choose');
    setFocusToken((t) => t + 1);
    void useStore.getState().showOnDisplay({ kind: 'idle' });
  }, []);

  const newSale = () => {
    // Thanks clears the QR from the customer display; the backend returns it to idle by itself.
    void useStore.getState().showOnDisplay({ kind: 'thanks' });
    useStore.getState().clearSale();
    useStore.getState().clearCountry();
    setCheckout(null);
    setStep('choose');
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (shownStep === 'details') backToPackages();
      else if (shownStep === 'confirm' && !saleBusy && !unsettled) {
        if (sale)
          backToPackages(); // a failed sale's id is spent: the next try is a new checkout
        else setStep('details');
      } else if (shownStep === 'choose') search.current?.querySelector<HTMLInputElement>('input')?.focus();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shownStep, saleBusy, unsettled, sale, backToPackages]);

  const selectedName = countries.status === 'ready' ? countries.value.find((c) => c.code === selected)?.name : undefined;

  return (
    <div className="sell-flow">
      <Stepper step={shownStep} />
      {shownStep === 'choose' || !checkout ? (
        <div className="sell">
          <section className="sell-countries" aria-labelledby="where-heading" ref={search}>
            <h1 id="where-heading">Where is the customer going?</h1>
            <CountryPicker
              countries={countries}
              selected={selected}
              onSelect={(code) => {
                void selectCountry(code);
                setFocusToken((t) => t + 1);
              }}
              onRetry={() => void loadCountries()}
            />
          </section>
          <section className="sell-packages" aria-labelledby="packages-heading">
            <h2 id="packages-heading">{selectedName ? `Packages for ${selectedName}` : 'Packages'}</h2>
            <PackageList
              packages={packages}
              countryName={selectedName}
              onRetry={() => selected && void selectCountry(selected)}
              onPick={pick}
              focusToken={focusToken}
            />
          </section>
        </div>
      ) : shownStep === 'details' ? (
        <CheckoutDetails
          checkout={checkout}
          onChange={(patch) => setCheckout({ ...checkout, ...patch })}
          onBack={backToPackages}
          onContinue={toConfirm}
        />
      ) : shownStep === 'confirm' ? (
        <ConfirmSale
          checkout={checkout}
          sale={sale}
          error={saleError}
          busy={saleBusy}
          onConfirm={confirm}
          onBack={() => setStep('details')}
          onRetry={() => void useStore.getState().retrySale()}
          onCheck={() => void useStore.getState().refreshSale()}
          onOtherPackage={backToPackages}
        />
      ) : (
        sale && (
          <SaleResult
            sale={sale}
            display={display}
            displayError={displayError}
            storeName={info?.name ?? 'eSIM Counter'}
            environment={info?.environment ?? 'demo'}
            onShowOnDisplay={() => useStore.getState().showOnDisplay({ kind: 'install', saleId: sale.id })}
            onNewSale={newSale}
          />
        )
      )}
    </div>
  );
}
