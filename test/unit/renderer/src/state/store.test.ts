import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setApi } from '../../../../../renderer/src/api.ts';
import type { CounterApi } from '../../../../../renderer/src/bridge.ts';
import { useStore } from '../../../../../renderer/src/state/store.ts';
import type { CountryOption, PackageOffer } from '../../../../../shared/catalog.ts';
import type { ErrorCode } from '../../../../../shared/errors.ts';
import { chris, chrisLocked } from './sessions.ts';

const japan = { code: 'JP', name: 'Japan' } as CountryOption;
const offer = { id: 'jp-1' } as PackageOffer;

/** A backend that refuses every read with `refusal` until it is opened, and then answers them. */
function backend(refusal: ErrorCode) {
  const asked: string[] = [];
  const answers: Array<Promise<unknown>> = [];
  let open = false;
  const answer = async (method: string) => {
    if (!open) return { ok: false, error: { code: refusal, message: 'refused' } };
    if (method === 'catalog.countries') return { ok: true, value: [japan] };
    if (method === 'catalog.packages') return { ok: true, value: [offer] };
    return { ok: true, value: null };
  };
  const api: CounterApi = {
    subscribe: () => () => {},
    call: ((method: string) => {
      asked.push(method);
      const answered = answer(method);
      answers.push(answered);
      return answered;
    }) as CounterApi['call'],
  };
  /** Every read asked so far has been answered and written to the store. */
  const answered = async () => {
    await Promise.all(answers);
    await Promise.resolve();
  };
  return { api, asked, answered, open: () => (open = true) };
}

beforeEach(() => {
  useStore.setState({ session: chris, countries: { status: 'idle' }, packages: { status: 'idle' }, selectedCountry: null });
});
afterEach(() => setApi(null));

describe('reads the lock refused', () => {
  it('are asked again when the same clerk unlocks, so the Sell screen shows the countries, not "Sign in"', async () => {
    const service = backend('signed_out');
    setApi(service.api);
    const store = useStore.getState();
    // Lock pressed while the countries and Japan's packages were on their way.
    const reads = [store.loadCountries(), store.selectCountry('JP')];
    useStore.setState({ session: chrisLocked });
    await Promise.all(reads);
    expect(useStore.getState().countries).toMatchObject({ status: 'failed', error: { code: 'signed_out' } });

    service.open();
    useStore.setState({ session: chris });
    await service.answered();
    expect(useStore.getState().countries).toEqual({ status: 'ready', value: [japan] });
    expect(useStore.getState().packages).toEqual({ status: 'ready', value: [offer] });
    expect(service.asked).toEqual(['catalog.countries', 'catalog.packages', 'catalog.countries', 'catalog.packages']);
  });

  it('stay as they are for any other refusal, which the screen words with its own way to try again', async () => {
    const service = backend('service_unreachable');
    setApi(service.api);
    await useStore.getState().loadCountries();
    useStore.setState({ session: chrisLocked });
    service.open();
    useStore.setState({ session: chris });
    await service.answered();
    expect(useStore.getState().countries).toMatchObject({ status: 'failed', error: { code: 'service_unreachable' } });
    expect(service.asked).toEqual(['catalog.countries']);
  });

  it('are not asked again while the counter stays open', async () => {
    const service = backend('signed_out');
    setApi(service.api);
    await useStore.getState().loadCountries();
    service.open();
    useStore.setState({ session: { ...chris, idleLockInMs: 30_000 } });
    await service.answered();
    expect(service.asked).toEqual(['catalog.countries']);
  });
});
