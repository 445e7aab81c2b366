import type { ReactNode } from 'react';
import type { StoreHeader } from '../../../shared/printing.ts';

type Props = { store: StoreHeader; taxLine: string | null; children?: ReactNode };

/** The head of every printout: the store's name, its address as the manager wrote it, its tax number. */
export function PaperHead({ store, taxLine, children }: Props) {
  return (
    <header className="voucher-head">
      <div className="voucher-store">{store.name}</div>
      {store.address && <div className="voucher-address">{store.address}</div>}
      {taxLine && <div className="voucher-tax">{taxLine}</div>}
      {children}
    </header>
  );
}

/** The header while the backend's answer is on its way: the name the screen already has. */
export function fallbackStore(name: string): StoreHeader {
  return { name, address: '', taxId: '' };
}
