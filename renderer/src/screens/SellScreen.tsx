import { useEffect } from 'react';
import { useStore } from '../state/store.ts';
import { CountryPicker } from '../components/CountryPicker.tsx';
import { PackageList } from '../components/PackageList.tsx';

export function SellScreen() {
  const countries = useStore((s) => s.countries);
  const loadCountries = useStore((s) => s.loadCountries);
  const selected = useStore((s) => s.selectedCountry);
  const selectCountry = useStore((s) => s.selectCountry);
  const packages = useStore((s) => s.packages);

  useEffect(() => {
    if (countries.status === 'idle') void loadCountries();
  }, [countries.status, loadCountries]);

  const selectedName = countries.status === 'ready' ? countries.value.find((c) => c.code === selected)?.name : undefined;

  return (
    <div className="sell">
      <section className="sell-countries" aria-labelledby="where-heading">
        <h1 id="where-heading">Where is the customer going?</h1>
        <CountryPicker countries={countries} selected={selected} onSelect={(code) => void selectCountry(code)} onRetry={() => void loadCountries()} />
      </section>
      <section className="sell-packages" aria-labelledby="packages-heading">
        <h2 id="packages-heading">{selectedName ? `Packages for ${selectedName}` : 'Packages'}</h2>
        <PackageList packages={packages} countryName={selectedName} onRetry={() => selected && void selectCountry(selected)} />
      </section>
    </div>
  );
}
