/**
 * The customer display's state, held in the backend and pushed to every window as an event. The
 * install screen (the QR, a bearer secret) clears itself after a few minutes and the thank-you
 * screens after a few seconds, whatever the clerk's window does; app.ts clears it all when the
 * counter is locked or signed out.
 */
import type { DisplayState, PracticeMark } from '../../shared/display.ts';
import type { PackageOffer } from '../../shared/catalog.ts';
import { multiplyMoney } from '../../shared/money.ts';
import type { SaleView, TopupOffer, TopupView } from '../../shared/sales.ts';
import type { EventBus } from '../events.ts';
import { AppFailure } from '../../shared/errors.ts';

export type DisplayOptions = {
  readonly events: EventBus;
  readonly storeName: () => string;
  /** DEMO or TRAINING outside Production, the same word as the counter's banner. */
  readonly practice: PracticeMark | null;
  readonly installMs?: number;
  readonly thanksMs?: number;
  readonly now?: () => number;
};

export class DisplayService {
  readonly #o: DisplayOptions;
  #state: DisplayState;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: DisplayOptions) {
    this.#o = options;
    this.#state = this.#idle();
  }

  current(): DisplayState {
    return this.#state;
  }

  idle(): DisplayState {
    return this.#set(this.#idle());
  }

  /** Back to idle unless it is there already (no event for nothing). */
  clear(): void {
    if (this.#state.kind !== 'idle') this.idle();
  }

  offer(offer: PackageOffer, quantity: number): DisplayState {
    return this.#set({
      kind: 'offer',
      practice: this.#o.practice,
      packageTitle: `${offer.dataText} · ${offer.days} days`,
      dataText: offer.dataText,
      days: offer.days,
      coverageName: offer.coverageName,
      price: multiplyMoney(offer.retail, quantity),
      quantity,
    });
  }

  /** Shows the QR codes of a completed sale; the caller must be allowed to see them. */
  install(sale: SaleView): DisplayState {
    if (sale.status !== 'completed') throw new AppFailure('conflict', 'Only a completed sale has a QR code to show.');
    const esims = sale.esims.filter((e) => e.qrcode !== null);
    if (esims.length === 0)
      throw new AppFailure('forbidden', 'The QR code of this sale can only be shown again with a manager’s approval.');
    const installMs = this.#o.installMs ?? 5 * 60_000;
    const state: DisplayState = {
      kind: 'install',
      practice: this.#o.practice,
      saleId: sale.id,
      packageTitle: `${sale.packageData} · ${sale.packageDays} days`,
      dataText: sale.packageData,
      days: sale.packageDays,
      esims: esims.map((e) => ({ iccidTail: e.iccid.slice(-5), qrcode: e.qrcode!, appleInstallUrl: e.appleInstallUrl })),
      clearsAt: new Date((this.#o.now ?? Date.now)() + installMs).toISOString(),
    };
    return this.#set(state, installMs);
  }

  thanks(): DisplayState {
    return this.#set({ kind: 'thanks', practice: this.#o.practice, storeName: this.#o.storeName() }, this.#thanksMs());
  }

  /** The top-up picked for an eSIM, at the price it will be charged. */
  topup(iccid: string, offer: TopupOffer): DisplayState {
    return this.#set({
      kind: 'topup',
      practice: this.#o.practice,
      iccidTail: iccid.slice(-5),
      dataText: offer.dataText,
      days: offer.days,
      price: offer.retail,
    });
  }

  topupDone(topup: TopupView): DisplayState {
    if (topup.status !== 'completed') throw new AppFailure('conflict', 'Only a completed top-up can be shown as done.');
    return this.#set(
      {
        kind: 'topup_done',
        practice: this.#o.practice,
        iccidTail: topup.iccid.slice(-5),
        dataText: topup.packageData,
        days: topup.packageDays,
      },
      this.#thanksMs(),
    );
  }

  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
  }

  #idle(): DisplayState {
    return { kind: 'idle', storeName: this.#o.storeName(), practice: this.#o.practice };
  }

  #thanksMs(): number {
    return this.#o.thanksMs ?? 15_000;
  }

  #set(state: DisplayState, clearAfterMs?: number): DisplayState {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#state = state;
    if (clearAfterMs !== undefined) {
      this.#timer = setTimeout(() => this.idle(), clearAfterMs);
      this.#timer.unref();
    }
    this.#o.events.emit('display.changed', state);
    return state;
  }
}
