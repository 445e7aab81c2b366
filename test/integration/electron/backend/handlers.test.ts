import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../electron/backend/app.ts';
import { listAudit } from '../../../../electron/backend/audit/db.ts';
import type { AppError } from '../../../../shared/errors.ts';
import type { StaffMember } from '../../../../shared/manager.ts';
import { startTestBackend, type TestBackend } from '../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let ids: Record<string, string>;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];
let saleId: string;

beforeAll(async () => {
  ts = await startTestSandbox();
  const test = await startTestBackend(ts);
  ({ backend, ids, call, signIn } = test);
  for (const [key, name, role] of [
    ['otto', 'Otto Owner', 'manager'],
    ['chris', 'Chris Clerk', 'clerk'],
    ['dana', 'Dana Day', 'clerk'],
    ['eve', 'Eve Evans', 'clerk'],
  ] as const) {
    await test.addStaff(key, name, role);
  }
  // Sold by a manager, so the clerks see the codes masked and must ask to see them again.
  await signIn('manager');
  const offer = (await call<Array<{ id: string }>>('catalog.packages', { country: 'IT', type: 'local' }))[0]!;
  saleId = (await call<{ id: string }>('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'card' })).id;
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

/** The error a call failed with. */
async function refusal(method: string, input: unknown): Promise<AppError> {
  const error = await call(method, input).then(
    () => null,
    (e: { error: AppError }) => e.error,
  );
  if (!error) throw new Error(`${method} was not refused`);
  return error;
}

const reveal = (manager: string, pin: string) =>
  call('sales.reveal', { id: saleId, managerStaffId: ids[manager], managerPin: pin });
const refusedReveal = (manager: string, pin: string) =>
  refusal('sales.reveal', { id: saleId, managerStaffId: ids[manager], managerPin: pin });
const minutesFromNow = (iso: string | undefined) => Math.round((Date.parse(iso ?? '') - Date.now()) / 60_000);
const member = async (key: string) => (await call<StaffMember[]>('staff.all')).find((m) => m.id === ids[key])!;

describe('sales.reveal: wrong manager PINs throttle the clerk who asks', () => {
  it('pauses a clerk’s approvals after five wrong PINs, says until when, and the manager still signs in', async () => {
    await signIn('chris');
    for (let i = 0; i < 4; i++) expect(await refusedReveal('manager', '0000')).toMatchObject({ code: 'wrong_pin' });
    const fifth = await refusedReveal('manager', '0000');
    expect(fifth).toMatchObject({ code: 'locked', lockScope: 'asking', lockedUntil: expect.any(String) });
    expect(minutesFromNow(fifth.lockedUntil)).toBe(15);
    // Even the right PIN is not tried for this clerk now.
    expect(await refusedReveal('manager', '2468')).toMatchObject({
      code: 'locked',
      lockScope: 'asking',
      lockedUntil: fifth.lockedUntil,
    });
    expect(listAudit(backend.db, { actionPrefix: 'staff.approval_failed' })).toHaveLength(5);
    expect(listAudit(backend.db, { actionPrefix: 'staff.approval_throttled' })).toEqual(
      expect.arrayContaining([expect.objectContaining({ actorStaffId: ids.chris, subject: ids.chris })]),
    );

    // The manager's own sign-in was never counted against.
    expect(await signIn('manager')).toMatchObject({ status: 'active', staffId: ids.manager, role: 'manager' });
    expect(await member('manager')).toMatchObject({ failedAttempts: 0, lockedAt: null, lockedUntil: null });
    const chris = await member('chris');
    expect(chris).toMatchObject({ lockedUntil: null, approvalsPausedUntil: fifth.lockedUntil });
    // A manager lifts the pause at once.
    expect(await call('staff.unlock', { staffId: ids.chris })).toMatchObject({ approvalsPausedUntil: null });
  });

  it('pauses approvals naming a manager after five wrong PINs spread over two clerks; the manager still signs in', async () => {
    await signIn('dana');
    for (let i = 0; i < 3; i++) expect(await refusedReveal('otto', '0000')).toMatchObject({ code: 'wrong_pin' });
    await signIn('eve');
    expect(await refusedReveal('otto', '0000')).toMatchObject({ code: 'wrong_pin' });
    const fifth = await refusedReveal('otto', '0000');
    expect(fifth).toMatchObject({ code: 'locked', lockScope: 'approving' });
    expect(minutesFromNow(fifth.lockedUntil)).toBe(15);
    // Neither clerk reached five: it is the approvals naming Otto that pause, for every clerk.
    expect(await refusedReveal('otto', '1357')).toMatchObject({ code: 'locked', lockScope: 'approving' });
    await signIn('dana');
    expect(await refusedReveal('otto', '1357')).toMatchObject({ code: 'locked', lockScope: 'approving' });

    expect(await signIn('otto')).toMatchObject({ status: 'active', staffId: ids.otto, role: 'manager' });
    expect(await member('otto')).toMatchObject({ lockedUntil: null, approvalsPausedUntil: fifth.lockedUntil });
    // Otto lifts the pause on himself; Dana's approval with his PIN then goes through.
    await call('staff.unlock', { staffId: ids.otto });
    await signIn('dana');
    expect((await reveal('otto', '1357')).esims[0].qrcode).toMatch(/^LPA:1\$/);
  });
});

describe('session.signIn: a lock that ends by itself', () => {
  it('locks a sign-in for 15 minutes after five wrong PINs, with the end in the error and on the Staff screen', async () => {
    for (let i = 0; i < 4; i++) {
      expect(await refusal('session.signIn', { staffId: ids.eve, pin: '0000' })).toMatchObject({ code: 'wrong_pin' });
    }
    const locked = await refusal('session.signIn', { staffId: ids.eve, pin: '0000' });
    expect(locked).toMatchObject({ code: 'locked', lockScope: 'sign_in' });
    expect(minutesFromNow(locked.lockedUntil)).toBe(15);
    expect(await refusal('session.signIn', { staffId: ids.eve, pin: '1357' })).toMatchObject({
      code: 'locked',
      lockedUntil: locked.lockedUntil,
    });
    await signIn('manager');
    expect(await member('eve')).toMatchObject({
      failedAttempts: 5,
      lockedAt: expect.any(String),
      lockedUntil: locked.lockedUntil,
    });
    expect(await call('staff.unlock', { staffId: ids.eve })).toMatchObject({ lockedAt: null, lockedUntil: null });
    expect(await signIn('eve')).toMatchObject({ status: 'active', staffId: ids.eve });
  });
});
