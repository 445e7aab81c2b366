import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setApi } from '../../../../../renderer/src/api.ts';
import type { CounterApi } from '../../../../../renderer/src/bridge.ts';
import { useStore } from '../../../../../renderer/src/state/store.ts';
import type { PackageOffer } from '../../../../../shared/catalog.ts';
import type { AppError } from '../../../../../shared/errors.ts';
import type { FutureOrderView, GroupOrderView } from '../../../../../shared/orders.ts';
import type { SaleView } from '../../../../../shared/sales.ts';

const offer = { id: 'jp-1', retail: { minor: 450, currency: 'USD' } } as PackageOffer;
const group = (id: string) => ({ sale: { id, status: 'pending' } as SaleView, acceptedAt: null, checks: 0 }) as GroupOrderView;
const later = (id: string, status: FutureOrderView['status']) => ({ id, status }) as FutureOrderView;

/** A backend that records each call and answers it once `release` is called. */
function held() {
  const calls: string[] = [];
  const waiting: (() => void)[] = [];
  let answer: (method: string, input: unknown) => unknown = () => null;
  const backend: CounterApi = {
    subscribe: () => () => {},
    call: ((method: string, input: unknown) => {
      calls.push(method);
      return new Promise((resolve) => waiting.push(() => resolve(answer(method, input) as never)));
    }) as CounterApi['call'],
  };
  return {
    backend,
    calls,
    answerWith(fn: typeof answer) {
      answer = fn;
    },
    release() {
      for (const go of waiting.splice(0)) go();
    },
  };
}

const open = () => {
  useStore.getState().pickOffer(offer);
  return useStore.getState().checkout!.saleId;
};
const groupInput = (saleId: string) => ({ saleId, packageId: 'jp-1', quantity: 20, paymentMethod: 'cash' as const });
const laterInput = (id: string) => ({
  id,
  packageId: 'jp-1',
  quantity: 1,
  paymentMethod: 'cash' as const,
  customerEmail: 'a@example.com',
  dueDate: '2026-12-01',
});

beforeEach(() => {
  useStore.getState().resetCheckout();
  useStore.getState().forgetOrders();
});
afterEach(() => setApi(null));

describe('ordering a group or a future order', () => {
  it('sends a group order once, however often it is asked while the first is under way', async () => {
    const backend = held();
    backend.answerWith((_m, input) => ({ ok: true, value: group((input as { saleId: string }).saleId) }));
    setApi(backend.backend);
    const id = open();
    const first = useStore.getState().orderGroup(groupInput(id));
    const second = useStore.getState().orderGroup(groupInput(id));
    expect(useStore.getState().orderBusy).toBe(true);
    backend.release();
    await Promise.all([first, second]);
    expect(backend.calls).toEqual(['groupOrders.create']);
    expect(useStore.getState()).toMatchObject({ orderBusy: false, group: { sale: { id } } });
  });

  it('is free to order again when the answer came for a checkout no longer open', async () => {
    const backend = held();
    backend.answerWith((_m, input) => ({ ok: true, value: later((input as { id: string }).id, 'scheduled') }));
    setApi(backend.backend);
    const gone = open();
    const sending = useStore.getState().orderLater(laterInput(gone));
    useStore.getState().backToPackages();
    const next = open();
    backend.release();
    await sending;
    // The old answer is not shown for the new checkout, and does not hold the next order back.
    expect(useStore.getState()).toMatchObject({ orderBusy: false, later: null });
    const again = useStore.getState().orderLater(laterInput(next));
    backend.release();
    await again;
    expect(backend.calls).toEqual(['futureOrders.create', 'futureOrders.create']);
    expect(useStore.getState().later).toMatchObject({ id: next, status: 'scheduled' });
  });

  it('keeps a refusal to show, and a refused order’s checkout reopens under a new id', async () => {
    const refusal: AppError = {
      code: 'bad_input',
      message: 'too soon',
      reason: 'future_due_too_soon',
      params: { at: '2026-11-27T00:00:00.000Z' },
    };
    setApi({
      subscribe: () => () => {},
      call: (async () => ({ ok: false, error: refusal })) as CounterApi['call'],
    });
    const id = open();
    await useStore.getState().orderLater(laterInput(id));
    expect(useStore.getState().orderError).toMatchObject({ reason: 'future_due_too_soon' });
    useStore.getState().reopenCheckout();
    const reopened = useStore.getState();
    expect(reopened.checkout!.saleId).not.toBe(id);
    expect(reopened).toMatchObject({ sellStep: 'details', orderError: null });
  });
});
