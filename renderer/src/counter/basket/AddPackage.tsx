import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackageOffer } from '../../../../shared/catalog.ts';
import { api } from '../../api.ts';
import { useFormats } from '../../i18n/format.ts';
import type { Loadable } from '../../state/catalog.ts';
import { useStore } from '../../state/store.ts';
import { placeWords } from '../esim/package-words.ts';
import { CountryPicker } from '../sell/CountryPicker.tsx';
import { PackageList } from '../sell/PackageList.tsx';

/**
 * A package for the basket, found as on Sell (a country or a region, then its packages); picking one
 * adds it. The Sell screen's own country stays as the clerk left it.
 */
export function AddPackage({ onAdd }: { onAdd(offer: PackageOffer): void }) {
  const { t } = useTranslation('sell');
  const f = useFormats();
  const countries = useStore((s) => s.countries);
  const [selected, setSelected] = useState<string | null>(null);
  const [packages, setPackages] = useState<Loadable<readonly PackageOffer[]>>({ status: 'idle' });
  const [focusToken, setFocusToken] = useState(0);
  const latest = useRef<string | null>(null);

  useEffect(() => {
    if (useStore.getState().countries.status === 'idle') void useStore.getState().loadCountries();
  }, []);

  const load = async (code: string) => {
    latest.current = code;
    setPackages({ status: 'loading' });
    const region = countries.status === 'ready' && countries.value.some((c) => c.code === code && c.kind);
    const result = await api().call('catalog.packages', region ? { area: code } : { country: code });
    // A slower answer for a place the clerk has already left does not replace the current one.
    if (latest.current !== code) return;
    setPackages(result.ok ? { status: 'ready', value: result.value } : { status: 'failed', error: result.error });
  };

  const place = countries.status === 'ready' ? countries.value.find((c) => c.code === selected) : undefined;
  return (
    <div className="basket-add-package">
      <CountryPicker
        countries={countries}
        selected={selected}
        onSelect={(code) => {
          setSelected(code);
          setFocusToken((n) => n + 1);
          void load(code);
        }}
        onRetry={() => void useStore.getState().loadCountries()}
      />
      <div className="basket-packages">
        <h3 className="basket-packages-heading">
          {place ? t('packagesFor', { place: placeWords(place, f) }) : t('packagesHeading')}
        </h3>
        <PackageList
          packages={packages}
          countryName={place ? placeWords(place, f) : undefined}
          onRetry={() => selected && void load(selected)}
          onPick={onAdd}
          focusToken={focusToken}
        />
      </div>
    </div>
  );
}
