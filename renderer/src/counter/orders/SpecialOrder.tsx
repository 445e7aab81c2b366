import { useCallback } from 'react';
import { useStore } from '../../state/store.ts';
import type { Checkout } from '../sell/checkout.ts';
import { ConfirmOrder } from './ConfirmOrder.tsx';
import { GroupProgress } from './GroupProgress.tsx';
import { GroupResult } from './GroupResult.tsx';
import { LaterOutcome } from './LaterOutcome.tsx';
import { dueDateText, orderKindOf } from './order-kind.ts';

type Props = {
  checkout: Checkout;
  blocked: boolean;
  storeName: string;
  onBack(): void;
  onOtherPackage(): void;
  onNewSale(): void;
};

/** The group or future order of the open checkout, or null: its state, under the checkout's id. */
export function useSpecialOrder(checkout: Checkout | null) {
  const group = useStore((s) => s.group);
  const later = useStore((s) => s.later);
  const kind = checkout ? orderKindOf(checkout) : 'sale';
  const ownGroup = kind === 'group' && group?.sale.id === checkout?.saleId ? group : null;
  const ownLater = kind === 'later' && later?.id === checkout?.saleId ? later : null;
  return {
    kind,
    group: ownGroup,
    later: ownLater,
    /** Made (a group's eSIMs are there, a future order is scheduled): the flow's result step. */
    done: ownGroup?.sale.status === 'completed' || ownLater?.status === 'scheduled',
    /** Sent: the clerk may not step back to change it (Escape does nothing). */
    sent: ownGroup !== null || ownLater !== null,
  };
}

/**
 * The confirm and result steps of a group or future order, in place of a sale's: the summary and
 * its button, then the group's progress and vouchers, or the future order's outcome.
 */
export function SpecialOrder({ checkout, blocked, storeName, onBack, onOtherPackage, onNewSale }: Props) {
  const { kind, group, later } = useSpecialOrder(checkout);
  const busy = useStore((s) => s.orderBusy);
  const error = useStore((s) => s.orderError);
  const environment = useStore((s) => s.info?.environment ?? 'demo');
  const refreshGroup = useCallback(() => void useStore.getState().refreshGroup(), []);

  if (kind === 'group' && group) {
    if (group.sale.status === 'completed') {
      return <GroupResult sale={group.sale} storeName={storeName} environment={environment} onNewSale={onNewSale} />;
    }
    return (
      <GroupProgress
        group={group}
        busy={busy}
        error={error}
        blocked={blocked}
        onRefresh={refreshGroup}
        onCheck={() => void useStore.getState().checkGroup()}
        onResend={() => void useStore.getState().resendGroup()}
        onOtherPackage={onOtherPackage}
        onServeNext={() => {
          // The order stays unsettled in the backend: the Sell screen lists it until it settles.
          void useStore.getState().loadPending();
          onNewSale();
        }}
      />
    );
  }
  if (kind === 'later' && later) {
    return (
      <LaterOutcome
        order={later}
        busy={busy}
        error={error}
        onCheck={() => void useStore.getState().refreshLater(true)}
        onChangeDate={() => useStore.getState().reopenCheckout()}
        onOtherPackage={onOtherPackage}
        onNewSale={onNewSale}
      />
    );
  }
  if (kind === 'sale') return null;
  return (
    <ConfirmOrder
      kind={kind}
      checkout={checkout}
      busy={busy}
      error={error}
      blocked={blocked}
      onBack={onBack}
      onConfirm={() => {
        const { paymentMethod } = checkout;
        if (!paymentMethod || blocked || busy) return;
        const email = checkout.email.trim();
        const common = {
          packageId: checkout.offer.id,
          quantity: checkout.quantity,
          paymentMethod,
          ...(checkout.destination ? { destination: checkout.destination } : {}),
        };
        if (kind === 'group') {
          void useStore.getState().orderGroup({ ...common, saleId: checkout.saleId, ...(email ? { customerEmail: email } : {}) });
        } else if (checkout.later) {
          void useStore
            .getState()
            .orderLater({ ...common, id: checkout.saleId, customerEmail: email, dueDate: dueDateText(checkout.later) });
        }
      }}
    />
  );
}
