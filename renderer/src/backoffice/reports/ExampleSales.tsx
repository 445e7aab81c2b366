import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.ts';
import { describeError } from '../../errors.ts';
import { useUnclosed } from '../close/unclosed-store.ts';
import { useManager } from '../common/store.ts';
import { OutcomeNotice, type Outcome } from '../common/notices.tsx';

/**
 * A fresh Demo's offer: a few days of example sales, so the reports and the close have something to
 * practise on. Shown only where the backend offers it (Demo, nothing sold before today).
 */
export function ExampleSales() {
  const { t } = useTranslation('reports');
  const [offered, setOffered] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    let live = true;
    void api()
      .call('sales.examplesOffered', {})
      .then((result) => live && setOffered(result.ok && result.value.offered));
    return () => {
      live = false;
    };
  }, []);

  if (!offered && !outcome) return null;
  const add = () => {
    setBusy(true);
    void api()
      .call('sales.addExamples', {})
      .then(async (result) => {
        setBusy(false);
        if (!result.ok) return setOutcome({ ok: false, text: describeError(result.error) });
        setOffered(false);
        setOutcome({ ok: true, text: t('examples.added', { count: result.value.added }) });
        const { days } = result.value;
        // The report shows the practice days; the close's notice lists them to close.
        await useManager.getState().loadReport(days[0], days.at(-1));
        void useUnclosed.getState().refresh();
      });
  };
  return (
    <section className="notice example-sales" aria-label={t('examples.heading')}>
      {offered && (
        <>
          <p>{t('examples.about')}</p>
          <button type="button" className="button secondary" disabled={busy} onClick={add}>
            {busy ? t('examples.adding') : t('examples.add')}
          </button>
        </>
      )}
      <OutcomeNotice outcome={outcome} />
    </section>
  );
}
