import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/errors.ts';
import type { VoucherBatchView } from '../../../../shared/vouchers.ts';
import { api } from '../../api.ts';
import { AppErrorNotice } from '../../ui/AppErrorNotice.tsx';
import { VoucherBatchDetail } from './VoucherBatchDetail.tsx';
import { VoucherCreate } from './VoucherCreate.tsx';
import { VoucherList } from './VoucherList.tsx';
import { useStore } from '../../state/store.ts';
import './vouchers.css';

/**
 * eSIM vouchers: codes for a package bought from the partner, printed as gift cards in the
 * customer's language, and found again by a code, a booking reference or the package.
 */
export function VouchersScreen() {
  const { t } = useTranslation(['vouchers', 'common']);
  const info = useStore((s) => s.info);
  const [batches, setBatches] = useState<readonly VoucherBatchView[] | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<VoucherBatchView | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  const load = useCallback(async (text: string) => {
    const result = await api().call('vouchers.list', text.trim() ? { query: text.trim() } : {});
    if (result.ok) {
      setBatches(result.value);
      setError(null);
    } else setError(result.error);
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => void load(query), query ? 200 : 0);
    return () => clearTimeout(timer);
  }, [query, load]);

  const show = (batch: VoucherBatchView) => {
    setOpen(batch);
    setFocusRequest((n) => n + 1);
  };

  const changed = (batch: VoucherBatchView) => {
    setOpen(batch);
    void load(query);
  };

  return (
    <div className="vouchers-screen">
      <h1>{t('heading')}</h1>
      <p className="muted">{t('intro')}</p>
      <div className="vouchers-columns">
        <div className="vouchers-main">
          <VoucherCreate onCreated={changed} onRefused={() => void load(query)} />
          {open && (
            <VoucherBatchDetail
              key={open.id}
              batch={open}
              storeName={info?.name ?? t('common:appName')}
              environment={info?.environment ?? 'demo'}
              focusRequest={focusRequest}
              onPrinted={changed}
              onClose={() => setOpen(null)}
            />
          )}
        </div>
        <div className="vouchers-side">
          {error && <AppErrorNotice error={error} />}
          <VoucherList batches={batches} query={query} onQuery={setQuery} openId={open?.id ?? null} onOpen={show} />
        </div>
      </div>
    </div>
  );
}
