import { useTranslation } from 'react-i18next';
import type { SaleView } from '../../../../shared/sales.ts';
import { useFormats } from '../../i18n/format.ts';

/** One tab per eSIM when a sale has several; nothing for a single eSIM. */
export function EsimTabs({
  esims,
  index,
  onSelect,
}: {
  esims: SaleView['esims'];
  index: number;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation();
  const f = useFormats();
  if (esims.length <= 1) return null;
  return (
    <div className="esim-tabs" role="tablist" aria-label={t('esim.tabs')}>
      {esims.map((e, i) => (
        <button
          key={e.iccid}
          type="button"
          role="tab"
          aria-selected={i === index}
          className={i === index ? 'tab active' : 'tab'}
          onClick={() => onSelect(i)}
        >
          {t('esim.tab', { number: f.number(i + 1), end: e.iccid.slice(-5) })}
        </button>
      ))}
    </div>
  );
}
