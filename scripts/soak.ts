/**
 * `npm run soak -- --iterations N [--seed S]`: sells from two concurrent callers against the app
 * in browser mode while the partner's order call fails in every way the sandbox can make it fail
 * and the app is killed with SIGKILL at random moments; restarts it each time, lets it settle, and
 * compares the journal with the orders the service holds (scripts/lib/soak-count.ts). Prints the
 * counts, `lost`, `duplicated` and `stuck` among them, and exits 1 unless those are all 0. One
 * round in four cuts the service off altogether and takes a sale offline (to be e-mailed), which
 * must be placed exactly once when the service is back, whatever kill came between.
 *
 * The sandbox runs in this process, not in the app's (the Demo one would die with it): the app is
 * set to the Partner sandbox environment pointing at it, as a store's counter would be.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import type { PackageOffer } from '../shared/catalog.ts';
import type { SaleView } from '../shared/sales.ts';
import { journalPath, partnerSecretKey, writeCounterConfig } from '../electron/backend/data-folder.ts';
import { writeSecretsFile } from '../electron/backend/secrets/secrets.ts';
import { startSandbox, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../electron/sandbox/server.ts';
import type { FaultSpec } from '../electron/sandbox/faults.ts';
import { startBrowserMode, type RunningApp } from '../test/support/browser-mode.ts';
import { countSoak, soakPassed, type JournalOfflineSale, type JournalSale } from './lib/soak-count.ts';

const { values } = parseArgs({
  options: { iterations: { type: 'string', default: '20' }, seed: { type: 'string' } },
});
const iterations = Number(values.iterations);
if (!Number.isInteger(iterations) || iterations < 1) {
  console.error(`--iterations must be a whole number of at least 1, not "${values.iterations}".`);
  process.exit(2);
}
let seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
/** mulberry32: the same --seed makes the same run of faults and kills. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const firstSeed = seed;

const OWNER = { name: 'Soak Owner', pin: '4826' };
const ORDER = { method: 'POST', path: '^/v2/orders$' };
/** What the order call may meet, one per iteration (none: the service answers as it should). */
const FAULTS: ReadonlyArray<Omit<FaultSpec, 'match'> | null> = [
  null,
  null,
  { kind: 'delay', ms: 300 },
  { kind: 'status', status: 500 },
  { kind: 'status', status: 503 },
  { kind: 'status', status: 429, retryAfter: 1 },
  { kind: 'reset-before' },
  { kind: 'reset-after' },
  { kind: 'malformed-json' },
  { kind: 'slow-body', ms: 400 },
];

const started = performance.now();
const sandbox = await startSandbox({ port: 0, tickIntervalMs: 0, tokenRateLimitPerMinute: 1000 });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-soak-'));
writeCounterConfig(dataDir, {
  version: 1,
  environment: 'partner_sandbox',
  accounts: { partner_sandbox: { clientId: DEFAULT_CLIENT_ID, baseUrl: sandbox.url } },
  journals: {},
});
writeSecretsFile(path.join(dataDir, 'secrets.json'), { [partnerSecretKey('partner_sandbox')]: DEFAULT_CLIENT_SECRET });
const control = (method: string, route: string, body?: unknown) =>
  fetch(`${sandbox.url}/__sandbox${route}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

type Answer<T> = { ok: true; value: T } | { ok: false; error: { code: string } };
async function rpc<T>(app: RunningApp, method: string, input: unknown = {}): Promise<Answer<T> | null> {
  try {
    const answer = await fetch(`${app.origin}/rpc/${method}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${app.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
    return (await answer.json()) as Answer<T>;
  } catch {
    return null; // the app was killed mid-call: the caller never heard
  }
}

let ownerId: string | null = null;
/** Starts the app on the soak's folder and signs the owner in (the first start sets the counter up). */
async function start(): Promise<RunningApp> {
  const app = await startBrowserMode({ dataDir, args: ['--settle-ms', '1500'] });
  if (!ownerId) {
    const owner = await rpc<{ id: string }>(app, 'setup.createOwner', { ...OWNER, storeName: 'Soak' });
    if (!owner?.ok) throw new Error(`setup failed: ${JSON.stringify(owner)}`);
    ownerId = owner.value.id;
  }
  const signedIn = await rpc(app, 'session.signIn', { staffId: ownerId, pin: OWNER.pin });
  if (!signedIn?.ok) throw new Error(`sign-in failed: ${JSON.stringify(signedIn)}`);
  const allowed = await rpc(app, 'settings.update', {
    offlineSales: { enabled: true, maxPerSale: null, maxTotal: null, hours: 24 },
  });
  if (!allowed?.ok) throw new Error(`allowing offline sales failed: ${JSON.stringify(allowed)}`);
  return app;
}

const asked: string[] = [];
const toldCompleted: string[] = [];
let kills = 0;

/** One caller's sale: the id is kept before the call goes, so a kill cannot hide that it was asked for. */
async function sell(app: RunningApp, packageId: string): Promise<void> {
  const saleId = crypto.randomUUID();
  asked.push(saleId);
  const answer = await rpc<SaleView>(app, 'sales.create', { saleId, packageId, quantity: 1, paymentMethod: 'cash' });
  if (!answer?.ok) return;
  if (answer.value.status === 'completed') toldCompleted.push(saleId);
  // A clerk tries a refused sale again now and then; the app decides whether that is safe.
  if ((answer.value.status === 'failed' || answer.value.status === 'not_found') && random() < 0.3) {
    const again = await rpc<SaleView>(app, 'sales.retry', { id: saleId });
    if (again?.ok && again.value.status === 'completed') toldCompleted.push(saleId);
  }
}

const askedOffline: string[] = [];
const toldTaken: string[] = [];

/** A sale taken while the service is away: kept before the call, like the others. */
async function sellOffline(app: RunningApp, packageId: string): Promise<void> {
  const saleId = crypto.randomUUID();
  askedOffline.push(saleId);
  const email = 'soak@example.com';
  const answer = await rpc<SaleView>(app, 'sales.createOffline', {
    saleId,
    packageId,
    quantity: 1,
    paymentMethod: 'cash',
    customerEmail: email,
    customerEmailAgain: email,
  });
  if (answer?.ok) toldTaken.push(saleId);
}

let app = await start();
const offers = await rpc<PackageOffer[]>(app, 'catalog.packages', { country: 'FR', type: 'local' });
if (!offers?.ok || offers.value.length === 0) throw new Error('no packages to sell');
const packages = offers.value.slice(0, 3).map((o) => o.id);

for (let i = 0; i < iterations; i++) {
  const offline = i % 4 === 3;
  let selling: Promise<unknown>;
  if (offline) {
    // The service is gone altogether: the sales sent fail as unreachable, which the app now knows,
    // and the next two are taken offline, to be placed once it answers again.
    await control('POST', '/faults', { match: { path: '/' }, kind: 'reset-before', times: 1_000_000 });
    await Promise.all([sell(app, pick(packages)), sell(app, pick(packages))]);
    selling = Promise.all([sellOffline(app, pick(packages)), sellOffline(app, pick(packages))]);
  } else {
    const fault = pick(FAULTS);
    if (fault) await control('POST', '/faults', { match: ORDER, ...fault, times: 1 + Math.floor(random() * 2) });
    selling = Promise.all([sell(app, pick(packages)), sell(app, pick(packages))]);
  }
  if (random() < 0.6) {
    // Killed at a random moment of the two sales: before, during or after the order call.
    await Promise.race([selling, sleep(Math.floor(random() * 250))]);
    app.process.kill('SIGKILL');
    await new Promise((r) => (app.process.exitCode !== null || app.process.signalCode ? r(null) : app.process.once('exit', r)));
    kills++;
    await selling;
    await control('DELETE', '/faults');
    app = await start();
  } else {
    await selling;
    await control('DELETE', '/faults');
  }
}

// Settle: the start has looked up what was unfinished; what is still uncertain is checked until
// the settle window has passed for all of it, and what was taken offline is placed (the app does
// it by itself once the service answers: on its start, its probe, or its next answer).
const deadline = Date.now() + 60_000;
for (;;) {
  const pending = await rpc<{ unsettled: SaleView[] }>(app, 'sales.pending');
  const queued = await rpc<SaleView[]>(app, 'sales.queued');
  const unsettled = pending?.ok ? pending.value.unsettled : [];
  const waiting = queued?.ok ? queued.value.length : 0;
  if ((unsettled.length === 0 && waiting === 0) || Date.now() > deadline) break;
  await Promise.all(unsettled.map((s) => rpc(app, 'sales.check', { id: s.id })));
  await sleep(500);
}
await app.stop();

const journal = new Database(journalPath(dataDir, 'partner_sandbox'), { readonly: true });
const sales = journal.prepare('SELECT id, reference, status FROM sales').all() as JournalSale[];
const offlineRows = journal.prepare('SELECT sale_id AS saleId, status FROM offline_sales').all() as JournalOfflineSale[];
journal.close();
const orders = ((await (await control('GET', '/orders')).json()) as { orders: Array<{ description: string | null }> }).orders;
await sandbox.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const counts = countSoak({
  asked,
  toldCompleted,
  sales,
  orders,
  offline: { asked: askedOffline, toldTaken, rows: offlineRows },
});
console.log(`iterations: ${iterations}`);
console.log(`seed: ${firstSeed}`);
console.log(`kills: ${kills}`);
console.log(`sales asked: ${counts.asked}`);
console.log(`sales recorded: ${counts.recorded}`);
console.log(`completed: ${counts.completed}`);
console.log(`failed: ${counts.failed}`);
console.log(`not found: ${counts.notFound}`);
console.log(`orders at the service: ${counts.ordersAtService}`);
console.log(`offline asked: ${counts.offlineAsked}`);
console.log(`offline taken: ${counts.offlineTaken}`);
console.log(`offline placed: ${counts.offlinePlaced}`);
console.log(`lost: ${counts.lost}`);
console.log(`duplicated: ${counts.duplicated}`);
console.log(`stuck: ${counts.stuck}`);
console.log(`phantom: ${counts.phantom}`);
console.log(`elapsed: ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(soakPassed(counts) ? 0 : 1);
