/**
 * What the backend does with no caller to answer: settling the orders a previous run, a lost
 * answer or a full disk left open, looking for refund answers, and forgetting an eSIM's packages
 * once a top-up changed them. Its failures are logged, and a journal's pauses sales.
 */
import type { EventBus } from './events.ts';
import type { EsimPackagesService } from './topups/esim-packages.ts';
import type { FutureOrdersService } from './later-orders/future-orders.ts';
import type { JournalHealth } from './journal/health.ts';
import type { RefundsService } from './refunds/service.ts';
import type { SalesService } from './sales/service.ts';
import type { OfflineSales } from './sales/offline.ts';
import type { TopupsService } from './topups/service.ts';

/** How often uncertain sales and top-ups are looked up at the service. */
const RECONCILE_MS = 30_000;
/** The service answers refunds by hand, within days: its answers are looked for now and then. */
const REFUND_ANSWERS_MS = 30 * 60_000;

export function startBackgroundWork(deps: {
  readonly sales: SalesService;
  readonly offline: OfflineSales;
  readonly topups: TopupsService;
  readonly futureOrders: FutureOrdersService;
  readonly refunds: RefundsService;
  readonly packages: EsimPackagesService;
  readonly journal: JournalHealth;
  readonly events: EventBus;
  readonly log: (message: string, error?: unknown) => void;
}): { stop(): void } {
  const { sales, offline, topups, futureOrders, refunds, packages, journal, events, log } = deps;
  const failed = (what: string) => (error: unknown) => {
    journal.failed(error, what);
    log(`${what} failed`, error);
  };
  const orders = [
    { service: sales, noun: 'sales' },
    { service: topups, noun: 'top-ups' },
  ] as const;

  // Unfinished sales and top-ups of a previous run are settled before the next one (create waits for it).
  for (const { service, noun } of orders) void service.reconcileAtStart().catch(failed(`settling ${noun} at start`));
  // Sales taken while the service was away are placed once what the last run left is settled, then
  // on the timer and whenever the service answers again; their time limit is kept meanwhile.
  const placeWaiting = () =>
    void sales
      .reconcileAtStart()
      .then(() => offline.placeWaiting())
      .catch(failed('placing the sales taken offline'));
  placeWaiting();
  futureOrders.start();
  const reconcileTimer = setInterval(() => {
    for (const { service, noun } of orders) void service.reconcileUncertain().catch(failed(`settling unfinished ${noun}`));
    placeWaiting();
  }, RECONCILE_MS);
  reconcileTimer.unref();
  // What a full disk kept from the journal (a sale's outcome, a never-sent sale's failure) is
  // written as soon as it takes writes again, and what it left unsettled is looked up.
  const stopSettlingOnWritable = journal.onWritable(() => {
    for (const { service, noun } of orders)
      void service
        .reconcileAtStart()
        .then(() => service.reconcileUncertain())
        .catch(failed(`settling ${noun} after the journal came back`));
  });
  const refundTimer = setInterval(
    () => void refunds.refresh().catch((error) => log('looking for refund answers failed', error)),
    REFUND_ANSWERS_MS,
  );
  refundTimer.unref();
  // A completed top-up changes the eSIM's packages: the next look asks the service again.
  const unsubscribe = events.subscribe((name, payload) => {
    if (name === 'service.changed' && (payload as { state: string }).state === 'reachable') placeWaiting();
    if (name === 'topup.updated' && (payload as { status: string }).status === 'completed') {
      packages.invalidate(topups.view((payload as { id: string }).id).iccid);
    }
  });

  return {
    stop() {
      clearInterval(reconcileTimer);
      clearInterval(refundTimer);
      unsubscribe();
      stopSettlingOnWritable();
      futureOrders.stop();
    },
  };
}
