/**
 * The customer display's state, held in the backend and pushed to every window as an event. The
 * install screen (the QR, a bearer secret) clears itself after a few minutes and the thank-you
 * screen after a few seconds, whatever the clerk's window does.
 */
import type { DisplayState } from '../../shared/display.ts';
import type { PackageOffer } from '../../shared/catalog.ts';
import { multiplyMoney } from '../../shared/money.ts';
import type { SaleView } from '../../shared/sales.ts';
import type { EventBus } from '../events.ts';
import { AppFailure } from '../rpc.ts';

export type DisplayOptions = {
  readonly events: EventBus;
  readonly storeName: () => string;
  readonly training: boolean;
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

  offer(offer: PackageOffer, quantity: number): DisplayState {
    return this.#set({
      kind: 'offer',
      training: this.#o.training,
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
      training: this.#o.training,
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
    return this.#set({ kind: 'thanks', training: this.#o.training, storeName: this.#o.storeName() }, this.#o.thanksMs ?? 15_000);
  }

  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
  }

  #idle(): DisplayState {
    return { kind: 'idle', storeName: this.#o.storeName(), training: this.#o.training };
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
