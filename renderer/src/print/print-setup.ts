/**
 * The store's header for printouts and where receipts go, as the backend says (`print.setup`):
 * asked again each time a paper is put on the page, so a manager's change shows on the next
 * voucher, and awaited before printing, so no voucher prints without the store's name.
 */
import { useEffect } from 'react';
import { flushSync } from 'react-dom';
import { create } from 'zustand';
import type { PrintSetup } from '../../../shared/printing.ts';
import { api } from '../api.ts';

const usePrintSetupStore = create<{ setup: PrintSetup | null }>()(() => ({ setup: null }));

let loading: Promise<PrintSetup | null> | null = null;

/** Asks the backend again; the answer before it stays until the new one comes (or if it fails). */
export function loadPrintSetup(): Promise<PrintSetup | null> {
  loading ??= api()
    .call('print.setup', {})
    .then((result) => {
      // On the page at once: a print right after the answer must not copy the page before it.
      if (result.ok) flushSync(() => usePrintSetupStore.setState({ setup: result.value }));
      return usePrintSetupStore.getState().setup;
    })
    .catch(() => usePrintSetupStore.getState().setup)
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** The setup as last answered, waiting for an ask in flight (or making one when there is none yet). */
export async function currentPrintSetup(): Promise<PrintSetup | null> {
  if (loading) return loading;
  return usePrintSetupStore.getState().setup ?? loadPrintSetup();
}

/** For a paper component: the setup, asked for again when the paper is put on the page. */
export function usePrintSetup(): PrintSetup | null {
  useEffect(() => {
    void loadPrintSetup();
  }, []);
  return usePrintSetupStore((s) => s.setup);
}
