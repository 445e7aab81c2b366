import type { SaleView } from '../../../shared/sales.ts';

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
  if (esims.length <= 1) return null;
  return (
    <div className="esim-tabs" role="tablist" aria-label="eSIMs of this sale">
      {esims.map((e, i) => (
        <button
          key={e.iccid}
          type="button"
          role="tab"
          aria-selected={i === index}
          className={i === index ? 'tab active' : 'tab'}
          onClick={() => onSelect(i)}
        >
          eSIM {i + 1} · …{e.iccid.slice(-5)}
        </button>
      ))}
    </div>
  );
}
