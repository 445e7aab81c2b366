import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../state/store.ts';
import { ExceptionsPanel } from './ExceptionsPanel.tsx';
import { ErrorNotice, Loading } from '../common/notices.tsx';
import { PriceRulePanel } from './PriceRulePanel.tsx';
import { usePrices } from './prices-store.ts';
import { RatesPanel } from './RatesPanel.tsx';
import { useManager } from '../common/store.ts';
import { TaxPanel } from './TaxPanel.tsx';
import '../common/manager.css';
import './prices.css';

/**
 * What the customer pays: the partner's prices in the store's currency at the partner's rate,
 * the store's rule and its exceptions, and the tax.
 */
export default function PricesScreen() {
  const { t } = useTranslation('prices');
  const currency = useStore((s) => s.info?.currency ?? 'USD');
  const settings = useManager((s) => s.settings);
  const settingsError = useManager((s) => s.settingsError);
  const rates = usePrices((s) => s.rates);
  const error = usePrices((s) => s.error);
  // The first load has answered, well or not: the rules come with it, or its error.
  const loaded = usePrices((s) => s.rules !== null || s.error !== null);

  useEffect(() => {
    void useManager.getState().loadSettings();
    void usePrices.getState().load();
  }, []);

  return (
    <div className="manager">
      <header className="manager-head">
        <h1>{t('screen.heading')}</h1>
      </header>
      {/* In the partner's own currency the rate panel says it: no need to say it twice. */}
      {rates?.needed && <p className="muted">{t('screen.intro', { currency, partner: rates.from })}</p>}
      <ErrorNotice error={error ?? settingsError} />
      {/* Drawn once the rates are read too: their panel came in above the price rule and moved it 135 px down. */}
      {settings && loaded ? (
        <div className="settings">
          <RatesPanel />
          <PriceRulePanel rule={settings.priceRule} currency={currency} />
          <ExceptionsPanel currency={currency} />
          <TaxPanel tax={settings.tax} currency={currency} />
        </div>
      ) : (
        !settingsError && <Loading />
      )}
    </div>
  );
}
