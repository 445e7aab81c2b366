// Every contract method, sent hundreds of generated payloads through the one dispatcher against a
// real backend and the real sandbox: each answer is a value or a typed error from the closed set,
// never `internal`, and the counter still works afterwards.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methodNames, type MethodName } from '../../../shared/contract.ts';
import { ERROR_CODES, ERROR_REASONS, FIELD_PROBLEMS, type Result } from '../../../shared/errors.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

// 100 payloads a method in `npm test` (about a minute and a half here); FUZZ_RUNS=2000 for a long run by hand.
const RUNS = Number(process.env.FUZZ_RUNS) || 100;
const SEED = 20261124;

let ts: TestSandbox;
let test: TestBackend;

beforeAll(async () => {
  ts = await startTestSandbox({ tokenRateLimitPerMinute: 1000 });
  test = await startTestBackend(ts);
  await test.signIn('manager');
});
afterAll(async () => {
  await test.backend.close();
  await ts.close();
});

/** Values a caller might send in a field: wrong types, edges, unicode, huge and hostile ones. */
const anyValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e308, Number.MAX_SAFE_INTEGER, '', ' ', '\u0000', 'x'.repeat(5000), null, true, false),
  fc.constantFrom('__proto__', 'constructor', 'prototype', '../../etc/passwd', "'; DROP TABLE sales; --"),
  fc.uuid(),
  fc.constantFrom('8944601000000001021', '89446010000000010210000', 'EC-20261124-AAAAAAAA', 'DE', 'de-1gb-7d'),
  fc.array(fc.string(), { maxLength: 6 }),
);
/** Keys a method's input may have, or not. */
const keys = fc.constantFrom(
  'id',
  'saleId',
  'packageId',
  'quantity',
  'paymentMethod',
  'customerEmail',
  'iccid',
  'iccids',
  'query',
  'country',
  'date',
  'from',
  'to',
  'staffId',
  'pin',
  'name',
  'role',
  'reason',
  'kind',
  'language',
  'refresh',
  'limit',
  'countedCash',
  'basis',
  '__proto__',
  'constructor',
);
const payload = fc.oneof(
  anyValue,
  fc.dictionary(keys, anyValue, { maxKeys: 6 }),
  fc.object({ maxDepth: 2 }),
  fc.constant(undefined),
);

/** What these calls change is put back, so the rest of the run is made by a signed-in manager. */
const SESSION_CHANGING = new Set<MethodName>(['session.signOut', 'session.lock']);

describe('the contract under generated input', () => {
  it(`answers every method's ${RUNS} payloads with a value or a typed error, never internal`, async () => {
    const refusedAsInternal: string[] = [];
    for (const method of methodNames) {
      await fc.assert(
        fc.asyncProperty(payload, async (input) => {
          const result = (await test.backend.dispatch(method, input)) as Result<unknown>;
          if (SESSION_CHANGING.has(method)) await test.signIn('manager');
          if (result.ok) return true;
          expect(ERROR_CODES).toContain(result.error.code);
          expect(typeof result.error.message).toBe('string');
          // Only the closed sets reach the renderer, which words them: never zod's English.
          if (result.error.reason !== undefined) expect(ERROR_REASONS).toContain(result.error.reason);
          for (const problem of Object.values(result.error.fields ?? {})) expect(FIELD_PROBLEMS).toContain(problem);
          if (result.error.code === 'internal') refusedAsInternal.push(`${method} ${JSON.stringify(input)?.slice(0, 200)}`);
          return true;
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }
    expect(refusedAsInternal).toEqual([]);
    // Still a working counter: its audit chain holds, and it still sells.
    const current = await test.call<{ status: string }>('session.current');
    if (current.status !== 'active') await test.signIn('manager');
    expect(await test.call<{ ok: boolean }>('audit.verify')).toMatchObject({ ok: true });
    const offer = (await test.call<Array<{ id: string }>>('catalog.packages', { country: 'DE', type: 'local' }))[0]!;
    expect((await test.call<{ status: string }>('sales.create', { packageId: offer.id, paymentMethod: 'cash' })).status).toBe(
      'completed',
    );
  }, 300_000);
});
