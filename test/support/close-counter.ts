/**
 * The counter the close's integration tests start from: a sandbox, a backend whose store runs on
 * UTC (so "today" is the test's UTC date), a clerk besides the manager, the clerk signed in, and
 * the first local package for Germany to sell.
 */
import type { Backend } from '../../electron/backend/app.ts';
import type { Money } from '../../shared/money.ts';
import { startTestBackend, type TestBackend } from './backend.ts';
import { startTestSandbox, type TestSandbox } from './sandbox.ts';

export type CloseCounter = {
  /** The sandbox, whose control API breaks things on purpose. */
  readonly ts: TestSandbox;
  readonly backend: Backend;
  readonly call: TestBackend['call'];
  readonly signIn: TestBackend['signIn'];
  readonly offer: { readonly id: string; readonly retail: Money; readonly net: Money | null };
  close(): Promise<void>;
};

/** The store's date today, on UTC as the counter runs. */
export const utcToday = () => new Date().toISOString().slice(0, 10);

export async function startCloseCounter(): Promise<CloseCounter> {
  const ts = await startTestSandbox();
  const test = await startTestBackend(ts, { settleMs: 0 });
  await test.addStaff('clerk', 'Chris Clerk', 'clerk');
  await test.signIn('manager');
  await test.call('settings.update', { timeZone: 'UTC' });
  await test.signIn('clerk');
  const [offer] = await test.call<Array<CloseCounter['offer']>>('catalog.packages', { country: 'DE', type: 'local' });
  return {
    ts,
    backend: test.backend,
    call: test.call,
    signIn: test.signIn,
    offer: offer!,
    close: async () => {
      await test.backend.close();
      await ts.close();
    },
  };
}
