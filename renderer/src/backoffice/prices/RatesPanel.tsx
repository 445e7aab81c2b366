import { useTranslation } from 'react-i18next';
import { useFormats } from '../../i18n/format.ts';
import { usePrices } from './prices-store.ts';

/** The partner's rate into the store's currency: the one in use, its day, what went wrong, and the last days. */
export function RatesPanel() {
  const { t } = useTranslation('prices');
  const f = useFormats();
  const rates = usePrices((s) => s.rates);
  const fetching = usePrices((s) => s.fetchingRates);
  if (!rates) return null;
  const rate = (mid: string) => f.number(Number(mid), { maximumFractionDigits: 6 });
  return (
    <section className="panel rates" aria-label={t('rates.heading')}>
      <h2>{t('rates.heading')}</h2>
      {!rates.needed ? (
        <p>{t('rates.notNeeded', { currency: rates.to })}</p>
      ) : (
        <>
          {rates.current ? (
            <>
              <p className="rate-now" data-testid="rate-now">
                <strong>{t('rates.current', { from: rates.from, rate: rate(rates.current.mid), to: rates.to })}</strong>
              </p>
              <p className="muted">
                {t('rates.setFor', { date: f.day(rates.current.date), fetched: f.timeOrDate(rates.current.fetchedAt) })}
              </p>
            </>
          ) : (
            <p className="notice warn">{t('rates.none', { from: rates.from })}</p>
          )}
          {rates.stale && <p className="notice warn">{t('rates.stale')}</p>}
          {rates.problem && (
            <p className="notice warn" role="status">
              {t(`rates.problem.${rates.problem.kind}`, { currency: rates.problem.currency })}
            </p>
          )}
          <div className="actions">
            <button
              type="button"
              className="button secondary"
              disabled={fetching}
              onClick={() => void usePrices.getState().refreshRates()}
            >
              {fetching ? t('rates.fetching') : t('rates.refresh')}
            </button>
          </div>
          {rates.recent.length > 1 && (
            <table className="data rates-recent">
              <caption>{t('rates.recent')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('rates.date')}</th>
                  <th scope="col" className="num">
                    {t('rates.rate')}
                  </th>
                  <th scope="col">{t('rates.fetched')}</th>
                </tr>
              </thead>
              <tbody>
                {rates.recent.map((r) => (
                  <tr key={r.date}>
                    <td>{f.day(r.date)}</td>
                    <td className="num">{rate(r.mid)}</td>
                    <td>{f.dateTime(r.fetchedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
