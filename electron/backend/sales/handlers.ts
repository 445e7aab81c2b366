/** Selling at the counter: a sale from its order to its codes, and what may be sold now. */
import { multiplyMoney } from '../../../shared/money.ts';
import type { HandlerServices } from '../services.ts';
import { AppFailure } from '../../../shared/errors.ts';
import type { AreaHandlers } from '../rpc.ts';
import type { StaffSession } from '../staff/sessions.ts';
import { DEMO_STAFF } from '../staff/demo.ts';
import { approvalRefused } from '../staff/failures.ts';

export function salesHandlers(
  services: Pick<
    HandlerServices,
    'sales' | 'offlineSales' | 'examples' | 'info' | 'topups' | 'catalog' | 'account' | 'readiness' | 'staff'
  >,
): AreaHandlers<'sales'> {
  const { sales, offlineSales, examples, info, topups, catalog, account, readiness, staff } = services;
  /** The Demo clerk the examples are sold by, where that account is still on file. */
  const demoClerk = (): StaffSession | null => {
    const clerk = staff.list().find((s) => s.role === 'clerk' && s.name === DEMO_STAFF[1].name);
    return clerk ? { staffId: clerk.id, name: clerk.name, role: clerk.role } : null;
  };
  return {
    'sales.examplesOffered': () => ({ offered: info.environment === 'demo' && examples.offered() }),
    'sales.addExamples': async (_input, { session }) => {
      if (info.environment !== 'demo')
        throw new AppFailure('forbidden', 'Example sales are made in Demo only.', { reason: 'examples_demo_only' });
      const done = await examples.add(demoClerk() ?? session!);
      if (done === 'not_offered') {
        throw new AppFailure('conflict', 'This journal has sales from before today: example sales go into a fresh Demo only.', {
          reason: 'examples_not_offered',
        });
      }
      return done;
    },
    'sales.create': (input, { session }) => sales.create(input, session!),
    'sales.createOffline': ({ customerEmailAgain: _again, ...input }, { session }) => offlineSales.take(input, session!),
    'sales.queued': (_input, { session }) => offlineSales.queued(session),
    'sales.toRefund': (_input, { session }) => offlineSales.toRefund(session),
    'sales.get': ({ id }, { session }) => sales.view(id, session),
    'sales.retry': ({ id }, { session }) => sales.retry(id, session!),
    // A sale still waiting to be placed is refunded by taking it out of the queue.
    'sales.void': ({ id, reason }, { session }) =>
      offlineSales.isQueued(id) ? offlineSales.withdraw(id, reason, session!) : sales.void(id, reason, session!),
    'sales.check': ({ id }, { session }) => sales.check(id, session),
    'sales.readiness': () => readiness.get(),
    'sales.covers': async ({ packageId, quantity, iccid }) => {
      const net = iccid ? (await topups.offer(iccid, packageId))?.offer.net : (await catalog.offer(packageId))?.net;
      return { covered: net ? await account.covers(multiplyMoney(net, quantity)) : null };
    },
    'sales.list': (query, { session }) => sales.list(query, session),
    'sales.pending': (_input, { session }) => sales.pending(session),
    // Wrong approval PINs count against the one asking and pause approvals naming that manager,
    // never against the manager's sign-in (staff/approvals.ts).
    'sales.reveal': async ({ id, managerStaffId, managerPin }, { session }) => {
      const approval = await staff.approve(session!.staffId, managerStaffId, managerPin);
      if (!approval.ok) throw approvalRefused(approval.error);
      return sales.approveReveal(id, { staffId: approval.value.id }, session);
    },
  };
}
