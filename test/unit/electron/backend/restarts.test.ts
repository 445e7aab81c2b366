import { describe, expect, it, vi } from 'vitest';
import type { Backend } from '../../../../electron/backend/options.ts';
import { EventBus } from '../../../../electron/backend/events.ts';
import { MAX_RESTARTS, RESTART_WINDOW_MS, startRestartingBackend } from '../../../../electron/backend/restarts.ts';

function fakeBackend(name: string, close: () => Promise<void> = async () => undefined) {
  const events = new EventBus();
  const served: string[] = [];
  const backend = {
    dispatch: vi.fn(async () => ({ ok: true as const, value: name })),
    events,
    close: vi.fn(close),
    serving: (origin: string) => served.push(origin),
  };
  return { backend: backend as unknown as Backend, fake: backend, events, served };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('a backend that starts again', () => {
  it('holds calls while the old backend closes, then answers them from the new one, told the same address', async () => {
    const closing = deferred();
    const first = fakeBackend('first', () => closing.promise);
    const second = fakeBackend('second');
    const create = vi.fn().mockResolvedValueOnce(first.backend).mockResolvedValueOnce(second.backend);
    const restarted = vi.fn();
    const kept = await startRestartingBackend({ create, log: () => undefined, giveUp: vi.fn(), onRestarted: restarted });
    kept.serving('http://127.0.0.1:4780');
    expect(first.served).toEqual(['http://127.0.0.1:4780']);
    const heard: string[] = [];
    kept.events.subscribe((name, payload) => heard.push((payload as { id: string }).id));
    const streamsEnded = vi.fn();
    kept.onRestart(streamsEnded);

    const restart = kept.restart(new Error('boom'));
    const call = kept.dispatch('session.current', {}, 'counter');
    expect(kept.current()).toBeNull();
    closing.resolve();
    await expect(call).resolves.toEqual({ ok: true, value: 'second' });
    await restart;
    expect(first.fake.dispatch).not.toHaveBeenCalled();
    expect(second.served).toEqual(['http://127.0.0.1:4780']);
    expect(restarted).toHaveBeenCalledWith(second.backend);
    expect(streamsEnded).toHaveBeenCalledOnce();

    first.events.emit('sale.updated', { id: 'from-the-old', status: 'completed' });
    second.events.emit('sale.updated', { id: 'from-the-new', status: 'completed' });
    expect(heard).toEqual(['from-the-new']);
  });

  it('one restart for exceptions that come together', async () => {
    const create = vi.fn(async () => fakeBackend('any').backend);
    const kept = await startRestartingBackend({ create, log: () => undefined, giveUp: vi.fn() });
    await Promise.all([kept.restart(new Error('one')), kept.restart(new Error('two'))]);
    expect(create).toHaveBeenCalledTimes(2);
  });

  it(`gives up after ${MAX_RESTARTS} restarts within the window, and counts afresh after it`, async () => {
    let now = 0;
    const giveUp = vi.fn();
    const create = vi.fn(async () => fakeBackend('any').backend);
    const kept = await startRestartingBackend({ create, log: () => undefined, giveUp, now: () => now });
    for (let n = 0; n < MAX_RESTARTS; n++) await kept.restart(new Error(`again ${n}`));
    expect(giveUp).not.toHaveBeenCalled();
    now = RESTART_WINDOW_MS - 1;
    const last = new Error('once too often');
    await kept.restart(last);
    expect(giveUp).toHaveBeenCalledWith(last, 'repeated');
    expect(create).toHaveBeenCalledTimes(MAX_RESTARTS + 1);

    const later = await startRestartingBackend({ create, log: () => undefined, giveUp: vi.fn(), now: () => now });
    now = 0;
    for (let n = 0; n < MAX_RESTARTS; n++) await later.restart(new Error(`early ${n}`));
    now = RESTART_WINDOW_MS + 1;
    await later.restart(new Error('much later'));
    expect(later.current()).not.toBeNull();
  });

  it('gives up when the backend will not start again, and answers calls in words meanwhile', async () => {
    const giveUp = vi.fn();
    const refusal = new Error('the folder is gone');
    const create = vi.fn().mockResolvedValueOnce(fakeBackend('first').backend).mockRejectedValueOnce(refusal);
    const kept = await startRestartingBackend({ create, log: () => undefined, giveUp });
    await kept.restart(new Error('boom'));
    expect(giveUp).toHaveBeenCalledWith(refusal, 'cannot_start');
    await expect(kept.dispatch('session.current', {})).resolves.toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('a close that fails still lets the new backend start, and a closed one never starts again', async () => {
    const log = vi.fn();
    const first = fakeBackend('first', async () => {
      throw new Error('checkpoint failed');
    });
    const create = vi
      .fn()
      .mockResolvedValueOnce(first.backend)
      .mockImplementation(async () => fakeBackend('next').backend);
    const kept = await startRestartingBackend({ create, log, giveUp: vi.fn() });
    await kept.restart(new Error('boom'));
    expect(log).toHaveBeenCalledWith('closing the backend after an uncaught exception failed', expect.any(Error));
    await expect(kept.dispatch('session.current', {})).resolves.toEqual({ ok: true, value: 'next' });
    await kept.close();
    await kept.restart(new Error('late'));
    expect(create).toHaveBeenCalledTimes(2);
    expect(kept.current()).toBeNull();
  });
});
