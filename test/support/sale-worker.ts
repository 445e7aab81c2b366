/**
 * A backend in its own process, for crash tests: `sell` makes one sale, `group` one group order
 * of QUANTITY eSIMs, `basket` a basket of three sales, `offline-take` takes SALE_ID (and SALE_ID_2,
 * if set) while the service is away, `offline-place` places what waits and prints both (any may
 * be killed on the way by ESIM_COUNTER_CRASH_AT); `settle` starts again on the same journal and
 * prints what became of it.
 * Talks to a sandbox the test process owns, so the sandbox outlives the kill.
 */
import { createBackend } from '../../electron/backend/app.ts';
import { createStaffService } from '../../electron/backend/staff/service.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const backend = await createBackend({
  dataDir: env('DATA_DIR'),
  transport: 'browser',
  partner: {
    environment: 'partner_sandbox',
    baseUrl: env('SANDBOX_URL'),
    clientId: env('CLIENT_ID'),
    clientSecret: env('CLIENT_SECRET'),
  },
  settleMs: 0,
  groupSettleMs: 0,
  log: () => undefined,
});

const staff = createStaffService(backend.db, { scrypt: { N: 2 ** 15, r: 8, p: 1 } });
let manager = staff.list().find((s) => s.role === 'manager');
if (!manager) {
  const created = await staff.create({ name: 'Crash Manager', role: 'manager', pin: '2468' }, null);
  if (!created.ok) throw new Error(created.error.message);
  manager = created.value;
}
const signedIn = await backend.dispatch('session.signIn', { staffId: manager.id, pin: '2468' });
if (!signedIn.ok) throw new Error(signedIn.error.message);

if (env('MODE') === 'sell') {
  const result = await backend.dispatch('sales.create', {
    saleId: env('SALE_ID'),
    packageId: env('PACKAGE_ID'),
    quantity: 1,
    paymentMethod: 'cash',
  });
  console.log(JSON.stringify({ result }));
} else if (env('MODE') === 'group') {
  const result = await backend.dispatch('groupOrders.create', {
    saleId: env('SALE_ID'),
    packageId: env('PACKAGE_ID'),
    quantity: Number(process.env.QUANTITY ?? 20),
    paymentMethod: 'cash',
  });
  // The counter looks the order up while its screen waits: stay until it settles (or 20 s).
  for (let waited = 0; result.ok && waited < 20_000; waited += 200) {
    const view = await backend.dispatch('groupOrders.get', { id: env('SALE_ID') });
    if (!view.ok || (view.value as { sale: { status: string } }).sale.status !== 'uncertain') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log(JSON.stringify({ result }));
} else if (env('MODE') === 'basket') {
  // Three lines of one package: a crash between two of them leaves the rest to the next call.
  const line = { packageId: env('PACKAGE_ID'), quantity: 1 };
  const result = await backend.dispatch('baskets.create', {
    id: env('SALE_ID'),
    paymentMethod: 'cash',
    lines: [line, line, line],
  });
  console.log(JSON.stringify({ result }));
} else if (env('MODE') === 'offline-take') {
  const allowed = await backend.dispatch('settings.update', {
    offlineSales: { enabled: true, maxPerSale: null, maxTotal: null, hours: 24 },
  });
  if (!allowed.ok) throw new Error(allowed.error.message);
  const ids = [env('SALE_ID'), process.env.SALE_ID_2].filter((id) => id !== undefined && id !== '');
  const results = [];
  for (const saleId of ids) {
    results.push(
      await backend.dispatch('sales.createOffline', {
        saleId,
        packageId: env('PACKAGE_ID'),
        paymentMethod: 'cash',
        customerEmail: 'crash@example.com',
        customerEmailAgain: 'crash@example.com',
      }),
    );
  }
  console.log(JSON.stringify({ results }));
} else if (env('MODE') === 'offline-place') {
  // The background work places them too, once the start has settled the last run: this pass joins it.
  await backend.sales.reconcileAtStart();
  await backend.offlineSales.placeWaiting();
  const ids = [env('SALE_ID'), process.env.SALE_ID_2].filter((id) => id !== undefined && id !== '');
  const sales = [];
  for (const id of ids) sales.push(await backend.dispatch('sales.get', { id }));
  console.log(JSON.stringify({ sales }));
} else {
  const summary = await backend.dispatch('sales.pending', {});
  const sale = await backend.dispatch('sales.get', { id: env('SALE_ID') });
  console.log(JSON.stringify({ summary, sale }));
}
await backend.close();
