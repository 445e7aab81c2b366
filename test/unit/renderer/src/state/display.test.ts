import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setApi } from '../../../../../renderer/src/api.ts';
import type { CounterApi } from '../../../../../renderer/src/bridge.ts';
import { i18n } from '../../../../../renderer/src/i18n/i18n.ts';
import { servedLanguage } from '../../../../../renderer/src/state/display.ts';
import { useStore } from '../../../../../renderer/src/state/store.ts';
import type { DisplayState } from '../../../../../shared/display.ts';
import type { CustomerLanguage } from '../../../../../shared/languages.ts';
import { until } from '../../../../support/until.ts';

const idle = (customerLanguage: CustomerLanguage): DisplayState => ({
  kind: 'idle',
  storeName: 'Harbour Phones',
  practice: null,
  customerLanguage,
});
const thanks = (customerLanguage: CustomerLanguage): DisplayState => ({
  kind: 'thanks',
  storeName: 'Harbour Phones',
  practice: null,
  customerLanguage,
});

describe('servedLanguage', () => {
  it('follows the customer at the display, and keeps the served customer’s when the display goes back to idle', () => {
    expect(servedLanguage(null, idle('en'), 'ja')).toBe('en');
    expect(servedLanguage(idle('en'), idle('de'), 'en')).toBe('de');
    expect(servedLanguage(idle('de'), thanks('de'), 'de')).toBe('de');
    // The display's own reset for the next customer is not a pick: the receipt printed now is still theirs.
    expect(servedLanguage(thanks('de'), idle('en'), 'de')).toBe('de');
    // The next customer's sale shows in their (the store's) language.
    expect(servedLanguage(idle('en'), thanks('en'), 'de')).toBe('en');
  });
});

describe('the customer’s language in the counter’s store', () => {
  const calls: { method: string; input: unknown }[] = [];
  const api: CounterApi = {
    subscribe: () => () => {},
    call: ((method: string, input: { language: CustomerLanguage }) => {
      calls.push({ method, input });
      return Promise.resolve({ ok: true, value: idle(input.language) });
    }) as CounterApi['call'],
  };
  beforeEach(() => {
    calls.length = 0;
    setApi(api);
    useStore.setState({ display: null, customerLanguage: 'en', paperLanguage: 'en' });
  });
  afterEach(() => setApi(null));

  it('tells the backend the customer’s pick, and has the paper words loaded in it', async () => {
    expect(await useStore.getState().setCustomerLanguage('de')).toBe(true);
    expect(calls).toEqual([{ method: 'display.setLanguage', input: { language: 'de' } }]);
    expect(useStore.getState()).toMatchObject({ display: idle('de'), customerLanguage: 'de' });
    await until(() => useStore.getState().paperLanguage === 'de');
    expect(i18n.getFixedT('de', 'voucher')('package', { data: '3 GB', count: 30 })).toBe('3 GB · 30 Tage');
  });

  it('keeps the served customer’s language through the display’s return to idle, until the next one shows', () => {
    const { displayChanged } = useStore.getState();
    displayChanged(idle('fr'));
    displayChanged(thanks('fr'));
    displayChanged(idle('en'));
    expect(useStore.getState().customerLanguage).toBe('fr');
    displayChanged(thanks('en'));
    expect(useStore.getState().customerLanguage).toBe('en');
  });
});

describe('the display’s state, asked for and told', () => {
  afterEach(() => setApi(null));

  it('keeps an event that came while display.current was asked for, over that slower answer', async () => {
    let answer!: (state: DisplayState) => void;
    setApi({
      subscribe: () => () => {},
      call: (() =>
        new Promise((resolve) => {
          answer = (state) => resolve({ ok: true, value: state });
        })) as CounterApi['call'],
    });
    useStore.setState({ display: null });
    const asked = useStore.getState().loadDisplay();
    // The clerk's offer arrives by event before the answer, which the backend wrote before it.
    useStore.getState().displayChanged(thanks('en'));
    answer(idle('en'));
    await asked;
    expect(useStore.getState().display).toEqual(thanks('en'));

    // Asked again with no event in between: the answer is taken.
    const again = useStore.getState().loadDisplay();
    answer(idle('en'));
    await again;
    expect(useStore.getState().display).toEqual(idle('en'));
  });
});
