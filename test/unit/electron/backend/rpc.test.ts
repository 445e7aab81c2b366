import { describe, expect, it, vi } from 'vitest';
import { createDispatcher, type Handlers, type SessionGate, type StaffSession } from '../../../../electron/backend/rpc.ts';
import { AppFailure } from '../../../../shared/errors.ts';

const clerk: StaffSession = { staffId: 's1', name: 'Chris', role: 'clerk' };

function setup(session: StaffSession | null = null, overrides: Partial<Handlers> = {}) {
  const sessions: SessionGate = { current: () => session, touch: vi.fn() };
  const refused = vi.fn();
  const log = vi.fn();
  // Only the methods these tests call; the dispatcher never touches the others.
  const handlers = {
    'app.info': () => ({ name: 'eSIM Counter', version: '1', environment: 'demo', transport: 'browser' }),
    'catalog.countries': () => [],
    'catalog.packages': (input: { country?: string }) => [{ id: `for-${input.country ?? 'all'}` }] as never,
    'audit.verify': () => ({ ok: true, count: 0 }),
    ...overrides,
  } as Handlers;
  return { dispatch: createDispatcher({ handlers, sessions, onRefused: refused, log }), refused, log, sessions };
}

describe('dispatcher', () => {
  it('answers a known method with ok and the handler value', async () => {
    const { dispatch } = setup();
    expect(await dispatch('app.info', {})).toEqual({
      ok: true,
      value: { name: 'eSIM Counter', version: '1', environment: 'demo', transport: 'browser' },
    });
  });

  it('passes the parsed input, with transforms applied, to the handler', async () => {
    const { dispatch } = setup(clerk);
    expect(await dispatch('catalog.packages', { country: ' jp ' })).toEqual({ ok: true, value: [{ id: 'for-JP' }] });
  });

  it('returns unknown_method for a name outside the contract, including prototype names', async () => {
    const { dispatch } = setup();
    for (const name of ['sales.drop', 'toString', '__proto__', 'constructor', '']) {
      const result = await dispatch(name, {});
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('unknown_method');
    }
  });

  it('returns bad_input with each field’s problem when the input fails its schema', async () => {
    const { dispatch } = setup(clerk);
    const result = await dispatch('catalog.packages', { country: 'Japan' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('bad_input');
      expect(result.error.fields).toEqual({ country: 'country' });
      // English for API callers, naming the field.
      expect(result.error.message).toMatch(/country/);
    }
  });

  it('maps zod’s own issues onto the closed field problems, with the limit they quote', async () => {
    const manager = { staffId: 'm1', name: 'Maria', role: 'manager' } as const;
    const { dispatch } = setup(manager);
    const fieldsOf = async (method: string, input: unknown) => {
      const result = await dispatch(method, input);
      return result.ok ? null : { fields: result.error.fields, fieldParams: result.error.fieldParams };
    };
    expect(await fieldsOf('sales.void', { id: crypto.randomUUID(), reason: 'x'.repeat(201) })).toEqual({
      fields: { reason: 'too_long' },
      fieldParams: { reason: { max: 200 } },
    });
    expect(await fieldsOf('sales.void', { id: 'not-a-uuid' })).toEqual({
      fields: { id: 'invalid', reason: 'required' },
      fieldParams: undefined,
    });
    expect(await fieldsOf('audit.list', { limit: 2.5 })).toMatchObject({ fields: { limit: 'not_whole' } });
    expect(await fieldsOf('audit.list', { limit: 501 })).toEqual({
      fields: { limit: 'too_big' },
      fieldParams: { limit: { max: 500 } },
    });
    expect(await fieldsOf('audit.list', { limit: 'ten' })).toMatchObject({ fields: { limit: 'wrong_type' } });
    expect(await fieldsOf('refunds.request', { iccids: [], reason: 'nope' })).toEqual({
      fields: { iccids: 'too_few_items', reason: 'refund_reason' },
      fieldParams: { iccids: { min: 1 } },
    });
    expect(await fieldsOf('notifications.lowData', { email: 'not-an-address' })).toMatchObject({ fields: { email: 'email' } });
    expect(await fieldsOf('audit.list', { limit: 5, surprise: true })).toMatchObject({ fields: { surprise: 'unknown_key' } });
    expect(await fieldsOf('reports.range', { from: '2026-05-02', to: '2026-05-01' })).toMatchObject({
      fields: { to: 'date_order' },
    });
    expect(await fieldsOf('settings.update', { locale: 'xx-nowhere-at-all' })).toMatchObject({ fields: { locale: 'locale' } });
  });

  it('refuses text the journal could not keep in any string of any input before the handler runs, naming its field', async () => {
    const signIn = vi.fn(() => ({ status: 'signed_out' }) as never);
    const { dispatch } = setup(null, { 'session.signIn': signIn });
    // Sign-in attempts are audited by the handler: a lone surrogate must never reach it.
    expect(await dispatch('session.signIn', { staffId: '\ud800', pin: '1234' })).toMatchObject({
      ok: false,
      error: { code: 'bad_input', fields: { staffId: 'text_chars' } },
    });
    expect(await dispatch('session.signIn', { staffId: 'Bo\u0000b', pin: 12 })).toMatchObject({
      ok: false,
      error: { code: 'bad_input', fields: { staffId: 'text_chars', pin: 'wrong_type' } },
    });
    expect(signIn).not.toHaveBeenCalled();
    const manager = { staffId: 'm1', name: 'Maria', role: 'manager' } as const;
    const voided = vi.fn(() => ({}) as never);
    const asManager = setup(manager, { 'sales.void': voided });
    const id = crypto.randomUUID();
    expect(await asManager.dispatch('sales.void', { id, reason: 'never\u0007sent' })).toMatchObject({
      error: { code: 'bad_input', fields: { reason: 'text_chars' } },
    });
    expect(await asManager.dispatch('refunds.request', { iccids: ['8944', '89\udc00'], reason: 'x' })).toMatchObject({
      error: { code: 'bad_input', fields: { 'iccids.1': 'text_chars' } },
    });
    // A reason is free text over lines: its line breaks and tabs are kept.
    expect(await asManager.dispatch('sales.void', { id, reason: 'Card declined.\n\tCustomer left.' })).toMatchObject({
      ok: true,
    });
    expect(voided).toHaveBeenCalledOnce();
  });

  it('refuses unknown keys and non-object inputs instead of ignoring them', async () => {
    const { dispatch } = setup(clerk);
    for (const input of [{ country: 'JP', extra: 1 }, 'JP', 42, [1, 2], { __proto__: { polluted: true }, constructor: 1 }]) {
      const result = await dispatch('catalog.packages', input);
      expect(result.ok, JSON.stringify(input)).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('bad_input');
    }
  });

  it('treats a missing input as an empty one', async () => {
    const { dispatch } = setup();
    expect((await dispatch('app.info', undefined)).ok).toBe(true);
  });

  it('turns an AppFailure into its error and anything else into internal, logged', async () => {
    const { dispatch, log } = setup(clerk, {
      'catalog.countries': () => {
        throw new AppFailure('service_unreachable', 'The eSIM service cannot be reached.');
      },
      'catalog.packages': () => {
        throw new TypeError('boom');
      },
    });
    expect(await dispatch('catalog.countries', {})).toEqual({
      ok: false,
      error: { code: 'service_unreachable', message: 'The eSIM service cannot be reached.' },
    });
    const result = await dispatch('catalog.packages', {});
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('internal');
      expect(result.error.message).not.toContain('boom');
    }
    expect(log).toHaveBeenCalledOnce();
  });

  it('refuses a staff method without a session, records it, and never runs the handler', async () => {
    const handler = vi.fn(() => []);
    const { dispatch, refused } = setup(null, { 'catalog.countries': handler });
    const result = await dispatch('catalog.countries', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'signed_out' } });
    expect(handler).not.toHaveBeenCalled();
    expect(refused).toHaveBeenCalledWith({ method: 'catalog.countries', code: 'signed_out', session: null });
  });

  it('refuses a manager method to a clerk with forbidden, and records who tried', async () => {
    const handler = vi.fn(() => ({ ok: true as const, count: 1 }));
    const { dispatch, refused } = setup(clerk, { 'audit.verify': handler });
    expect(await dispatch('audit.verify', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(handler).not.toHaveBeenCalled();
    expect(refused).toHaveBeenCalledWith({ method: 'audit.verify', code: 'forbidden', session: clerk });
  });

  it('lets a manager call clerk methods too', async () => {
    const { dispatch } = setup({ staffId: 'm1', name: 'Maria', role: 'manager' });
    expect((await dispatch('catalog.countries', {})).ok).toBe(true);
    expect((await dispatch('audit.verify', {})).ok).toBe(true);
  });

  it('checks the role before the input: a clerk sending garbage to a manager method is forbidden, and recorded', async () => {
    const handler = vi.fn(() => ({ ok: true as const, count: 1 }));
    const { dispatch, refused, sessions } = setup(clerk, { 'audit.verify': handler });
    for (const garbage of [{ nonsense: true }, 'x'.repeat(5000), 42, [1]]) {
      expect(await dispatch('audit.verify', garbage)).toEqual({
        ok: false,
        error: { code: 'forbidden', reason: 'manager_only', message: 'Only a store manager can do this.' },
      });
    }
    expect(handler).not.toHaveBeenCalled();
    expect(refused).toHaveBeenCalledTimes(4);
    expect(refused).toHaveBeenCalledWith({ method: 'audit.verify', code: 'forbidden', session: clerk });
    // A refused call is not the clerk at work: it does not hold the idle lock off.
    expect(sessions.touch).not.toHaveBeenCalled();
  });

  it('answers signed_out, not bad_input, to a malformed call without a session', async () => {
    const handler = vi.fn(() => []);
    const { dispatch, refused } = setup(null, { 'catalog.packages': handler });
    expect(await dispatch('catalog.packages', { country: 7 })).toMatchObject({ ok: false, error: { code: 'signed_out' } });
    expect(handler).not.toHaveBeenCalled();
    expect(refused).toHaveBeenCalledWith({ method: 'catalog.packages', code: 'signed_out', session: null });
  });

  it('still parses the input of a public method without a session', async () => {
    const { dispatch, refused } = setup(null);
    expect(await dispatch('app.info', { extra: 1 })).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    expect(refused).not.toHaveBeenCalled();
  });

  it('counts a staff call as activity for the idle lock', async () => {
    const { dispatch, sessions } = setup(clerk);
    await dispatch('catalog.countries', {});
    expect(sessions.touch).toHaveBeenCalledOnce();
  });

  it('does not count a timed status read (a passive method) as activity, so the idle lock still comes', async () => {
    const { dispatch, sessions } = setup(clerk, {
      'sales.get': () => ({ id: 'x' }) as never,
      'sales.readiness': () => ({
        paused: null,
        service: { state: 'unknown', since: '2026-11-24T09:00:00.000Z', lastContactAt: null },
        orderHold: null,
        offline: { enabled: false, hours: 24, waiting: 0, maxPerSale: null, room: null },
      }),
    });
    expect((await dispatch('sales.get', { id: crypto.randomUUID() })).ok).toBe(true);
    expect((await dispatch('sales.readiness', {})).ok).toBe(true);
    expect(sessions.touch).not.toHaveBeenCalled();
  });

  it('does not count a public call as staff activity', async () => {
    const { dispatch, sessions } = setup(clerk);
    await dispatch('app.info', {});
    expect(sessions.touch).not.toHaveBeenCalled();
  });

  it('lets the customer display call the display’s methods only, whoever is signed in, and records the refusal', async () => {
    const { dispatch, refused } = setup(clerk, { 'display.current': () => ({ kind: 'idle' }) as never });
    expect(await dispatch('display.current', {}, 'display')).toMatchObject({ ok: true });
    expect(await dispatch('sales.list', {}, 'display')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await dispatch('session.signOut', {}, 'display')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(refused).toHaveBeenCalledWith({ method: 'sales.list', code: 'forbidden', session: null });
  });
});
