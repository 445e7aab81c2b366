/**
 * A counter's shipper in its own process, for the crash tests: ships JOURNAL's outbox to URL in
 * small batches until nothing waits, unless ESIM_COUNTER_CRASH_AT kills it on the way (or the test
 * does, with SIGKILL). Prints "batch" after each batch sent and "done" at the end.
 */
import { Shipper } from '../../electron/backend/chain/shipper.ts';
import { openJournal } from '../../electron/backend/journal/open.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const db = openJournal(env('JOURNAL'));
const shipper = new Shipper({
  db,
  environment: 'production',
  target: () => ({ storeId: env('STORE'), counterId: env('COUNTER'), url: env('URL') }),
  counter: () => ({ storeName: 'Crash store', timeZone: 'UTC', currency: 'USD', appVersion: 'test' }),
  batchSize: Number(process.env.BATCH ?? 50),
});
while ((await shipper.shipOnce()) > 0) console.log('batch');
await shipper.stop();
db.close();
console.log('done');
