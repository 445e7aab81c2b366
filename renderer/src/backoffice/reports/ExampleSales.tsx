import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../errors.ts';
import { useUnclosed } from '../close/unclosed-store.ts';
import { useManager } from '../common/store.ts';
import { OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { useApiMutation, useApiQuery } from '../common/query.tsx';

/**
 * A fresh Demo's offer: a few days of example sales, so the reports and the close have something to
 * practise on. Shown only where the backend offers it (Demo, nothing sold before today).
 */
export function ExampleSales() {
  const { t } = useTranslation('reports');
  const offered = useApiQuery('sales.examplesOffered', {}).data?.offered ?? false;
  const [outcome, setOutcome] = useState<Outcome>(null);
  const adding = useApiMutation('sales.addExamples', {
    invalidates: ['sales.examplesOffered', 'reports.range'],
    onError: (error) => setOutcome({ ok: false, text: describeError(error) }),
    onSuccess({ added, days }) {
      setOutcome({ ok: true, text: t('examples.added', { count: added }) });
      // The report shows the practice days; the close's notice lists them to close.
      const [from, to] = [days[0], days.at(-1)];
      if (from && to) useManager.setState({ range: { from, to } });
      void useUnclosed.getState().refresh();
    },
  });

  if (!offered && !outcome) return null;
  const add = () => adding.mutate({});
  const busy = adding.isPending;
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
