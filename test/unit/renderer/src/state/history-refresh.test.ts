import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApi } from '../../../../../renderer/src/api.ts';
import type { CounterApi } from '../../../../../renderer/src/bridge.ts';
import { coalesce } from '../../../../../renderer/src/state/coalesce.ts';
import { HISTORY_REFRESH_MS } from '../../../../../renderer/src/state/history.ts';
import { useStore } from '../../../../../renderer/src/state/store.ts';
import type { HistoryEntry } from '../../../../../shared/history.ts';
import type { SaleView, TopupView } from '../../../../../shared/sales.ts';

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once for a burst, and again for the next burst', () => {
    const run = vi.fn();
    const c = coalesce(run, 150);
    c.trigger();
    vi.advanceTimersByTime(100);
    c.trigger();
    c.trigger();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(run).toHaveBeenCalledTimes(1);
    c.trigger();
    vi.advanceTimersByTime(150);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('is not put off forever by a steady stream of triggers', () => {
    const run = vi.fn();
    const c = coalesce(run, 150);
    for (let t = 0; t < 1000; t += 10) {
      c.trigger();
      vi.advanceTimersByTime(10);
    }
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(6);
  });

  it('cancel drops a pending run', () => {
    const run = vi.fn();
    const c = coalesce(run, 150);
    c.trigger();
    c.cancel();
    vi.advanceTimersByTime(500);
    expect(run).not.toHaveBeenCalled();
  });
});

function sale(id: string, status: SaleView['status'] = 'completed', qrcode: string | null = null): SaleView {
  return { id, status, esims: [{ iccid: `8900${id}`, qrcode, appleInstallUrl: null, masked: qrcode === null }] } as never;
}

const entry = (s: SaleView): HistoryEntry => ({ kind: 'sale', at: s.createdAt ?? '', sale: s, refunds: [] });
const topupEntry = (t: TopupView): HistoryEntry => ({ kind: 'topup', at: t.createdAt ?? '', topup: t });
const ready = (sales: SaleView[]) => ({ status: 'ready', value: sales.map(entry) });
const idOf = (e: HistoryEntry) => (e.kind === 'sale' ? e.sale.id : e.kind === 'topup' ? e.topup.id : e.voucher.id);

/** A fake backend whose history.search answers are released by the test, in any order (sales, or whole entries). */
function fakeApi() {
  const calls: { input: unknown; answer(value: readonly (SaleView | HistoryEntry)[] | null): void }[] = [];
  const api: CounterApi = {
    subscribe: () => () => {},
    call: ((method: string, input: unknown) => {
      expect(method).toBe('history.search');
      return new Promise((resolve) =>
        calls.push({
          input,
          answer: (value) =>
            resolve(
              value
                ? { ok: true, value: value.map((v) => ('kind' in v ? v : entry(v))) }
                : { ok: false, error: { code: 'partner_error', message: 'down' } },
            ),
        }),
      );
    }) as CounterApi['call'],
  };
  return { api, calls };
}

describe('the history list follows sale.updated', () => {
  let fake: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    vi.useFakeTimers();
    fake = fakeApi();
    setApi(fake.api);
    useStore.setState({ historyQuery: '', history: { status: 'idle' }, historySale: null });
  });
  afterEach(() => {
    useStore.getState().watchHistory(false);
    setApi(null);
    vi.useRealTimers();
  });

  const settle = () => vi.advanceTimersByTimeAsync(0);

  it('asks once for a burst of events, with the query on screen, and keeps the list meanwhile', async () => {
    const load = useStore.getState().loadHistory('ana@');
    fake.calls[0]!.answer([sale('a')]);
    await load;
    useStore.getState().watchHistory(true);
    for (const status of ['submitting', 'completed'] as const) useStore.getState().historySaleUpdated({ id: 'b', status });
    await vi.advanceTimersByTimeAsync(HISTORY_REFRESH_MS - 1);
    expect(fake.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[1]!.input).toEqual({ query: 'ana@' });
    expect(useStore.getState().history).toEqual(ready([sale('a')]));
    fake.calls[1]!.answer([sale('b'), sale('a')]);
    await settle();
    expect(useStore.getState().history).toEqual(ready([sale('b'), sale('a')]));
    expect(useStore.getState().historyQuery).toBe('ana@');
  });

  it('does nothing while the History screen is closed', async () => {
    useStore.getState().historySaleUpdated({ id: 'b', status: 'completed' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.calls).toHaveLength(0);
  });

  it('never lets a refresh overwrite the answer to a newer search', async () => {
    useStore.getState().watchHistory(true);
    void useStore.getState().loadHistory('');
    fake.calls[0]!.answer([sale('a')]);
    await settle();
    const refresh = useStore.getState().refreshHistory();
    const search = useStore.getState().loadHistory('8900b');
    fake.calls[2]!.answer([sale('b')]);
    fake.calls[1]!.answer([sale('a'), sale('c')]);
    await Promise.all([refresh, search]);
    expect(useStore.getState().history).toEqual(ready([sale('b')]));
    expect(useStore.getState().historyQuery).toBe('8900b');
  });

  it('keeps the list when a refresh fails', async () => {
    void useStore.getState().loadHistory('');
    fake.calls[0]!.answer([sale('a')]);
    await settle();
    const refresh = useStore.getState().refreshHistory();
    fake.calls[1]!.answer(null);
    await refresh;
    expect(useStore.getState().history).toEqual(ready([sale('a')]));
  });

  it('takes the backend’s fresh view of the opened sale: codes go when the approval has run out', async () => {
    void useStore.getState().loadHistory('');
    fake.calls[0]!.answer([sale('a', 'uncertain'), sale('r')]);
    await settle();
    useStore.getState().openHistorySale(sale('r', 'completed', 'LPA:1$x$y'));
    let refresh = useStore.getState().refreshHistory();
    fake.calls[1]!.answer([sale('a', 'uncertain'), sale('r')]);
    await refresh;
    expect(JSON.stringify(useStore.getState().historySale)).not.toContain('LPA:1$x$y');

    useStore.getState().openHistorySale(sale('a', 'uncertain'));
    refresh = useStore.getState().refreshHistory();
    fake.calls[2]!.answer([sale('a', 'completed'), sale('r')]);
    await refresh;
    expect(useStore.getState().historySale?.status).toBe('completed');
  });

  it('forgets the opened sale and the sale on screen when someone else takes the counter', () => {
    const clerk = {
      status: 'active',
      staffId: 'c',
      name: 'Chris',
      role: 'clerk',
      language: null,
      idleLockInMs: 1000,
      idleLockAfterMs: 60_000,
    } as const;
    useStore.setState({ session: clerk });
    useStore.getState().openHistorySale(sale('r', 'completed', 'LPA:1$x$y'));
    useStore.setState({ sale: sale('s', 'completed', 'LPA:1$p$q') });
    useStore.setState({ session: { status: 'locked', staffId: 'c', name: 'Chris', language: null } });
    expect(useStore.getState().historySale?.id).toBe('r');
    useStore.setState({ session: { ...clerk, staffId: 'm', name: 'Maria', role: 'manager' } });
    expect(useStore.getState().historySale).toBeNull();
    expect(useStore.getState().sale).toBeNull();
  });
});

describe('Enter acts on the search in the box', () => {
  let fake: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    fake = fakeApi();
    setApi(fake.api);
    useStore.setState({ historyQuery: '', history: { status: 'idle' }, historyAnswered: null, historySale: null });
  });
  afterEach(() => setApi(null));

  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('searches for the text in the box and gives its answer, not the list of the search before', async () => {
    void useStore.getState().loadHistory('fail.case');
    fake.calls[0]!.answer([sale('b')]);
    await flush();
    // A scanner typed "1039" and pressed Enter before the pause that starts a search.
    const results = useStore.getState().historyResults('1039');
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[1]!.input).toEqual({ query: '1039' });
    fake.calls[1]!.answer([sale('a')]);
    expect((await results)?.map(idOf)).toEqual(['a']);
    expect(useStore.getState().historyAnswered).toBe('1039');
  });

  it('waits for a search already on its way instead of asking again', async () => {
    void useStore.getState().loadHistory('1039');
    const results = useStore.getState().historyResults('1039');
    await flush();
    expect(fake.calls).toHaveLength(1);
    fake.calls[0]!.answer([sale('a')]);
    expect((await results)?.map(idOf)).toEqual(['a']);
  });

  it('answers at once when the list on screen is the answer', async () => {
    void useStore.getState().loadHistory('1039');
    fake.calls[0]!.answer([sale('a')]);
    await flush();
    expect((await useStore.getState().historyResults('1039'))?.map(idOf)).toEqual(['a']);
    expect(fake.calls).toHaveLength(1);
  });

  it('gives nothing when the clerk has typed on, or the search failed', async () => {
    const overtaken = useStore.getState().historyResults('10');
    void useStore.getState().loadHistory('1039');
    fake.calls[1]!.answer([sale('a')]);
    fake.calls[0]!.answer([sale('a'), sale('b')]);
    expect(await overtaken).toBeNull();

    const failed = useStore.getState().historyResults('anna');
    fake.calls[2]!.answer(null);
    expect(await failed).toBeNull();
  });

  it('closes the opened sale when a new search does not find it, and keeps it when it does', async () => {
    void useStore.getState().loadHistory('anna');
    fake.calls[0]!.answer([sale('a'), sale('b')]);
    await flush();
    useStore.getState().openHistorySale(sale('a'));
    void useStore.getState().loadHistory('8900a');
    fake.calls[1]!.answer([sale('a')]);
    await flush();
    expect(useStore.getState().historySale?.id).toBe('a');
    void useStore.getState().loadHistory('fail.case');
    // Until the new search answers, the clerk still reads the sale the list shows.
    expect(useStore.getState().historySale?.id).toBe('a');
    fake.calls[2]!.answer([sale('b')]);
    await flush();
    expect(useStore.getState().historySale).toBeNull();
  });
});

describe('top-ups in the history list', () => {
  let fake: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    fake = fakeApi();
    setApi(fake.api);
    useStore.setState({
      historyQuery: '',
      history: { status: 'idle' },
      historyAnswered: null,
      historySale: null,
      historyTopup: null,
    });
  });
  afterEach(() => setApi(null));

  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  const topup = (id: string, status: TopupView['status'] = 'completed') => ({ id, status, iccid: `8900${id}` }) as TopupView;

  it('opens one entry at a time: a top-up closes the sale and a sale the top-up', () => {
    useStore.getState().openHistorySale(sale('a'));
    useStore.getState().openHistoryTopup(topup('t'));
    expect(useStore.getState().historySale).toBeNull();
    expect(useStore.getState().historyTopup?.id).toBe('t');
    useStore.getState().openHistorySale(sale('a'));
    expect(useStore.getState().historyTopup).toBeNull();
  });

  it('keeps the opened top-up while searches find it, takes its fresh view, and closes it when one does not', async () => {
    void useStore.getState().loadHistory('TU-1');
    fake.calls[0]!.answer([topupEntry(topup('t', 'uncertain')), sale('a')]);
    await flush();
    useStore.getState().openHistoryTopup(topup('t', 'uncertain'));
    const refresh = useStore.getState().refreshHistory();
    fake.calls[1]!.answer([topupEntry(topup('t', 'completed')), sale('a')]);
    await refresh;
    expect(useStore.getState().historyTopup?.status).toBe('completed');
    void useStore.getState().loadHistory('8900a');
    fake.calls[2]!.answer([sale('a')]);
    await flush();
    expect(useStore.getState().historyTopup).toBeNull();
  });

  it('Enter on a search that finds one top-up gives that entry', async () => {
    const results = useStore.getState().historyResults('TU-2');
    fake.calls[0]!.answer([topupEntry(topup('t2'))]);
    expect((await results)?.map(idOf)).toEqual(['t2']);
    expect(fake.calls[0]!.input).toEqual({ query: 'TU-2' });
  });
});
