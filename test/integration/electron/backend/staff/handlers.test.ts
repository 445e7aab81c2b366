import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import { listAudit } from '../../../../../electron/backend/audit/db.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let ids: Record<string, string>;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];

beforeAll(async () => {
  ts = await startTestSandbox();
  ({ backend, ids, call, signIn } = await startTestBackend(ts));
  await signIn('manager');
  ids.ana = (await call('staff.create', { name: 'Ana Clerk', role: 'clerk', pin: '1357' })).id;
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

/** The error a call failed with (call throws an Error carrying it). */
async function refusal(method: string, input: unknown): Promise<{ code: string; message: string }> {
  const error = await call(method, input).then(
    () => null,
    (e: { error: { code: string; message: string } }) => e.error,
  );
  if (!error) throw new Error(`${method} was not refused`);
  return error;
}

describe('the sign-in tiles outside Demo', () => {
  it('never carry a PIN, even one the journal holds as a Demo account’s', async () => {
    backend.db.prepare('UPDATE staff SET demo_pin = ? WHERE id = ?').run('2468', ids.manager);
    try {
      const tiles = await call<Array<{ demoPin: string | null }>>('staff.list');
      expect(tiles.map((t) => t.demoPin)).toEqual(tiles.map(() => null));
    } finally {
      backend.db.prepare('UPDATE staff SET demo_pin = NULL').run();
    }
  });
});

describe('text the journal cannot keep, through the dispatcher', () => {
  it('refuses a name of NUL, or with one in it, in words, and stores or audits nothing of it', async () => {
    await signIn('manager');
    const before = listAudit(backend.db, { limit: 500 }).length;
    for (const name of ['\u0000', 'Bo\u0000b', 'Bo\ud800b', 'Bo\nb']) {
      expect(await refusal('staff.create', { name, role: 'clerk', pin: '2580' }), JSON.stringify(name)).toMatchObject({
        code: 'bad_input',
        fields: { name: 'text_chars' },
      });
    }
    // A sign-in is audited by its handler, even a refused one: a broken id never gets that far.
    expect(await refusal('session.signIn', { staffId: '\ud800', pin: '1234' })).toMatchObject({
      code: 'bad_input',
      fields: { staffId: 'text_chars' },
    });
    expect((await call<Array<{ name: string }>>('staff.all')).map((m) => m.name)).toEqual(['Ana Clerk', 'Maria Manager']);
    expect(listAudit(backend.db, { limit: 500 })).toHaveLength(before);
    expect(await call('session.current')).toMatchObject({ status: 'active', staffId: ids.manager });
  });
});

describe('staff.setRole through the dispatcher', () => {
  it('is forbidden to a clerk, and leaves the role as it was', async () => {
    await signIn('ana');
    expect(await refusal('staff.setRole', { staffId: ids.ana, role: 'manager' })).toMatchObject({ code: 'forbidden' });
    // The role is checked before the input: a clerk learns nothing about what the method expects.
    expect(await refusal('staff.setRole', { staffId: ids.ana, role: 'owner' })).toMatchObject({ code: 'forbidden' });
    await signIn('manager');
    expect(await refusal('staff.setRole', { staffId: ids.ana, role: 'owner' })).toMatchObject({ code: 'bad_input' });
    const ana = (await call('staff.all')).find((m: { id: string }) => m.id === ids.ana);
    expect(ana).toMatchObject({ role: 'clerk' });
  });

  it('refuses to demote the last active manager with a conflict in words, and answers the same role unchanged', async () => {
    await signIn('manager');
    const error = await refusal('staff.setRole', { staffId: ids.manager, role: 'clerk' });
    expect(error).toEqual({
      code: 'conflict',
      reason: 'last_manager_role',
      params: { name: 'Maria Manager' },
      message:
        'Maria Manager is the only manager who can sign in, and the store needs one. Make someone else a manager (or unlock one) first.',
    });
    const before = listAudit(backend.db, { limit: 500 }).length;
    expect(await call('staff.setRole', { staffId: ids.ana, role: 'clerk' })).toMatchObject({ id: ids.ana, role: 'clerk' });
    expect(await refusal('staff.setRole', { staffId: 'nobody', role: 'clerk' })).toMatchObject({
      code: 'not_found',
      reason: 'staff_not_found',
    });
    expect(listAudit(backend.db, { limit: 500 })).toHaveLength(before);
  });

  it('promotes a clerk, who is a manager at the next sign-in; a self-demoted manager loses manager rights at once', async () => {
    await signIn('manager');
    expect(await call('staff.setRole', { staffId: ids.ana, role: 'manager' })).toMatchObject({ id: ids.ana, role: 'manager' });
    expect(listAudit(backend.db, { actionPrefix: 'staff.role_changed' })[0]).toMatchObject({
      actorStaffId: ids.manager,
      subject: ids.ana,
      details: { from: 'clerk', to: 'manager' },
    });

    await signIn('ana');
    expect(await call('session.current')).toMatchObject({ status: 'active', role: 'manager' });
    expect(await call('staff.all')).toHaveLength(2);

    await signIn('manager');
    expect(await call('staff.setRole', { staffId: ids.manager, role: 'clerk' })).toMatchObject({ role: 'clerk' });
    // Same session, no new PIN: the next manager call is refused and the session says clerk.
    expect(await call('session.current')).toMatchObject({ status: 'active', staffId: ids.manager, role: 'clerk' });
    expect(await refusal('staff.all', {})).toMatchObject({ code: 'forbidden' });
    expect(await refusal('staff.setRole', { staffId: ids.manager, role: 'manager' })).toMatchObject({ code: 'forbidden' });
    expect(listAudit(backend.db, { actionPrefix: 'rpc.refused', limit: 1 })[0]).toMatchObject({
      actorStaffId: ids.manager,
      subject: 'staff.setRole',
      details: { code: 'forbidden' },
    });

    // Ana is now the only active manager, so she cannot step down either.
    await signIn('ana');
    expect(await refusal('staff.setRole', { staffId: ids.ana, role: 'clerk' })).toMatchObject({ code: 'conflict' });
  });
});
