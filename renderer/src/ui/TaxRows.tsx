import { useTranslation } from 'react-i18next';
import type { Money } from '../../../shared/money.ts';
import { applyTax, NO_TAX, type Taxed, type TaxRule } from '../../../shared/pricing.ts';
import { useFormats } from '../i18n/format.ts';
import { useStore } from '../state/store.ts';

/** A line's tax under the store's rule (app.info): what the customer pays, and the tax in it or on top of it. */
export function useTaxed(line: Money): Taxed & { rule: TaxRule } {
  const rule = useStore((s) => s.info?.tax ?? NO_TAX);
  return { ...applyTax(line, rule), rule };
}

/**
 * The tax rows of a summary list (<dl>), under its total: the VAT a price includes, or the sales
 * tax added to it and what the clerk then takes. Nothing when the store has no tax.
 */
export function TaxRows({ taxed }: { taxed: Taxed & { rule: TaxRule } }) {
  const { t } = useTranslation('sell');
  const f = useFormats();
  const { rule } = taxed;
  if (rule.percent === 0) return null;
  const words = { label: rule.label.trim() || t('tax.defaultLabel'), percent: f.percent(rule.percent / 100, 3) };
  if (rule.mode === 'included') {
    return (
      <>
        <dt className="tax-label">{t('tax.included', words)}</dt>
        <dd className="tax muted">{f.money(taxed.tax)}</dd>
      </>
    );
  }
  return (
    <>
      <dt className="tax-label">{t('tax.added', words)}</dt>
      <dd className="tax">+ {f.money(taxed.tax)}</dd>
      <dt className="total-label">{t('tax.toPay')}</dt>
      <dd className="total" data-testid="total-to-pay">
        {f.money(taxed.gross)}
      </dd>
    </>
  );
}
