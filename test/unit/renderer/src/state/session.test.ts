import { afterEach, describe, expect, it } from 'vitest';
import { setApi } from '../../../../../renderer/src/api.ts';
import { useStore } from '../../../../../renderer/src/state/store.ts';
import type { SessionView } from '../../../../../shared/contract.ts';
import { chris, chrisLocked } from './sessions.ts';

/** A backend whose answers the test lets go one by one, in any order. */
function heldBackend() {
  const held: { method: string; answer: (value: SessionView) => void }[] = [];
  setApi({
    call: ((method: string) =>
      new Promise((resolve) => held.push({ method, answer: (value) => resolve({ ok: true, value }) }))) as never,
    subscribe: () => () => undefined,
  });
  const answer = (method: string, value: SessionView) => {
    const at = held.findIndex((h) => h.method === method);
    held.splice(at, 1)[0]!.answer(value);
  };
  return { answer };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => setApi(null));

describe('the counter’s session in the store', () => {
  it('is not locked again by a read asked before the clerk’s unlock and answered after it', async () => {
    useStore.setState({ session: chrisLocked });
    const backend = heldBackend();
    const read = useStore.getState().loadSession();
    const unlock = useStore.getState().signIn('chris', '1357');
    backend.answer('session.signIn', chris);
    await unlock;
    backend.answer('session.current', chrisLocked);
    await read;
    expect(useStore.getState().session).toEqual(chris);
  });

  it('takes a read that nothing overtook, and the newest of two reads', async () => {
    useStore.setState({ session: chris });
    const backend = heldBackend();
    const first = useStore.getState().loadSession();
    const second = useStore.getState().loadSession();
    backend.answer('session.current', chrisLocked);
    await settle();
    backend.answer('session.current', chris);
    await Promise.all([first, second]);
    expect(useStore.getState().session).toEqual(chris);
    const alone = useStore.getState().loadSession();
    backend.answer('session.current', chrisLocked);
    await alone;
    expect(useStore.getState().session).toEqual(chrisLocked);
  });
});
