// Every contract method, sent hundreds of payloads made from its own input schema (mostly good
// fields, some at the edges: the whole of Unicode, dates no shop reports on, numbers no field wants)
// through the one dispatcher against a real backend and the real sandbox, each as the audience it is
// for: each answer is a value that crosses as JSON or a typed error from the closed set, never
// `internal`, and the counter's audit chain still holds and it still sells afterwards.
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methodNames, methods, type MethodName, type Role } from '../../../../shared/contract.ts';
import { unstorableTextFields } from '../../../../electron/backend/common/bad-input.ts';
import { ERROR_CODES, ERROR_REASONS, FIELD_PROBLEMS, type Result } from '../../../../shared/errors.ts';
import { startTestBackend, TEST_SCRYPT, type TestBackend } from '../../../support/backend.ts';
import { arbitraryFor, type Pools } from '../../../support/contract-arbitrary.ts';
import { startTestSandbox, type TestSandbox } from '../../../support/sandbox.ts';

// 60 payloads a method in `npm test` (a few hundred calls a second: 200 took 100 s of the suite);
// FUZZ_RUNS=2000 for a long run by hand.
const RUNS = Number(process.env.FUZZ_RUNS) || 60;
const SEED = Number(process.env.FUZZ_SEED) || 20261127;
/** FUZZ_METHODS=reports.,close. for the methods whose names start so, by hand. */
const ONLY = process.env.FUZZ_METHODS?.split(',') ?? [''];

let ts: TestSandbox;
let test: TestBackend;
let pools: Pools;

beforeAll(async () => {
  ts = await startTestSandbox({ tokenRateLimitPerMinute: 1000 });
  // Each payload that locks the counter is followed by a sign-in, and hundreds of PINs are set.
  test = await startTestBackend(ts, { pinHashing: TEST_SCRYPT });
  await test.signIn('manager');
  await test.addStaff('clerk', 'Chris Clerk', 'clerk');
  // Named by the payloads (locked out, switched off, demoted): never whoever the run is signed in as.
  const other = await test.addStaff('other', 'Olga Other', 'manager');
  const offers = await test.call<Array<{ id: string }>>('catalog.packages', { country: 'DE', type: 'local' });
  const sale = await test.call<{ id: string; esims: Array<{ iccid: string }> }>('sales.create', {
    packageId: offers[0]!.id,
    paymentMethod: 'cash',
  });
  const packageIds = offers.slice(0, 3).map((o) => o.id);
  pools = {
    packageId: { values: packageIds },
    id: { values: [sale.id] },
    saleId: { values: [sale.id] },
    iccid: { values: sale.esims.map((e) => e.iccid) },
    iccids: { values: sale.esims.map((e) => e.iccid) },
    staffId: { values: [other] },
    managerStaffId: { values: [other] },
    country: { values: ['DE', 'JP', 'us'] },
    destination: { values: ['DE', 'FR'] },
    currency: { values: ['EUR', 'USD', 'JPY'] },
    // A printer or a head office that is never there: refused at once, nothing of this machine's written.
    host: { values: ['127.0.0.1'], only: true },
    port: { values: [1], only: true },
    path: { values: [path.join(os.tmpdir(), 'contract-fuzz-no-such-printer')], only: true },
    url: { values: ['postgres://fuzz@127.0.0.1:1/headoffice'], only: true },
  };
});
afterAll(async () => {
  await test.backend.close();
  await ts.close();
});

/** Who calls a method of each audience: its own window, signed in with its own role, or no one. */
const AS: Record<Role, 'display' | 'clerk' | 'manager' | null> = {
  display: 'display',
  public: null,
  clerk: 'clerk',
  manager: 'manager',
};
/** The audiences in the order they are run, so each signs in once. */
const ORDER: Role[] = ['display', 'public', 'clerk', 'manager'];
/** These take the session away when they work: it is given back for the next payload. */
const SESSION_CHANGING = new Set<MethodName>(['session.signOut', 'session.lock']);

async function signedInAs(who: 'clerk' | 'manager' | null): Promise<void> {
  const current = await test.call<{ status: string; staffId?: string }>('session.current');
  const wanted = who === null ? null : test.ids[who];
  if (current.status === 'active' && current.staffId === wanted) return;
  if (wanted === null) {
    if (current.status !== 'signed_out') await test.call('session.signOut');
    return;
  }
  await test.signIn(who!);
}

/** What is wrong with one answer, or null: a typed error from the closed sets, or a value JSON carries. */
function fault(result: Result<unknown>): string | null {
  if (result.ok) {
    if (JSON.stringify(result.value) === undefined) return 'a value JSON cannot carry';
    // What was refused at the edge was never kept, so no answer can hold it.
    const broken = unstorableTextFields(result.value);
    return broken.length > 0 ? `text the journal cannot keep at ${broken.join(', ')}` : null;
  }
  const { code, message, reason, fields } = result.error;
  if (code === 'internal') return 'internal';
  if (!ERROR_CODES.includes(code)) return `code ${code}`;
  if (typeof message !== 'string') return 'no message';
  if (reason !== undefined && !ERROR_REASONS.includes(reason)) return `reason ${reason}`;
  const odd = Object.values(fields ?? {}).find((problem) => !FIELD_PROBLEMS.includes(problem));
  return odd === undefined ? null : `field problem ${odd}`;
}

describe('the contract under generated input', () => {
  it(`answers ${RUNS} payloads a method, of every audience, with a value or a typed error, never internal`, async () => {
    const faults: string[] = [];
    const took: Array<[MethodName, number]> = [];
    for (const role of ORDER) {
      const who = AS[role];
      await signedInAs(who === 'display' ? null : who);
      for (const method of methodNames.filter((name) => methods[name].role === role && ONLY.some((p) => name.startsWith(p)))) {
        const started = performance.now();
        await fc.assert(
          fc.asyncProperty(arbitraryFor(methods[method].input, pools), async (input) => {
            const result = (await test.backend.dispatch(
              method,
              input,
              who === 'display' ? 'display' : 'counter',
            )) as Result<unknown>;
            if (SESSION_CHANGING.has(method) && result.ok) await signedInAs(who === 'display' ? null : who);
            const wrong = fault(result);
            if (wrong) faults.push(`${method} ${wrong}: ${JSON.stringify(input)?.slice(0, 300)}`);
          }),
          { numRuns: RUNS, seed: SEED },
        );
        took.push([method, performance.now() - started]);
      }
    }
    if (process.env.FUZZ_TIMING) {
      console.log(
        took
          .sort((a, b) => b[1] - a[1])
          .slice(0, 12)
          .map(([m, ms]) => `${m} ${Math.round(ms)} ms`)
          .join('\n'),
      );
    }
    expect(faults).toEqual([]);
    // Still a working counter: its audit chain holds, and it still sells.
    await signedInAs('manager');
    expect(await test.call<{ ok: boolean }>('audit.verify')).toMatchObject({ ok: true });
    const offer = (await test.call<Array<{ id: string }>>('catalog.packages', { country: 'DE', type: 'local' }))[0]!;
    expect((await test.call<{ status: string }>('sales.create', { packageId: offer.id, paymentMethod: 'cash' })).status).toBe(
      'completed',
    );
  }, 600_000);
});
