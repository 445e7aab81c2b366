/**
 * The customer display's state, held in the backend and pushed to every window as an event. The
 * install screen (the QR, a bearer secret) clears itself after a few minutes and the thank-you
 * screens after a few seconds, whatever the clerk's window does; app.ts clears it all when the
 * counter is locked or signed out.
 */
import type {
  DisplayBasketLine,
  DisplayKind,
  DisplayPackage,
  DisplayState,
  DisplayTripOption,
  PracticeMark,
} from '../../../shared/display.ts';
import type { CustomerLanguage } from '../../../shared/languages.ts';
import type { PackageOffer } from '../../../shared/catalog.ts';
import { multiplyMoney, sumByCurrency } from '../../../shared/money.ts';
import type { SaleView, TopupOffer, TopupView } from '../../../shared/sales.ts';
import type { EventBus } from '../events.ts';
import { AppFailure } from '../../../shared/errors.ts';

export type DisplayOptions = {
  readonly events: EventBus;
  readonly storeName: () => string;
  /** DEMO or TRAINING outside Production, the same word as the counter's banner. */
  readonly practice: PracticeMark | null;
  /** The language each new customer is greeted in (the store's), read at each return to idle. */
  readonly defaultLanguage: () => CustomerLanguage;
  /**
   * A top-up as the journal has it: when the top-up on show for an eSIM completes, the display
   * says it is done by itself, whatever the clerk's screen is doing.
   */
  readonly topupView?: (id: string) => TopupView;
  /**
   * A sale taken while the service was away: placed in the background, maybe long after its
   * customer left, so its completion ends nobody's turn at the counter.
   */
  readonly isOfflineSale?: (id: string) => boolean;
  readonly installMs?: number;
  readonly thanksMs?: number;
  readonly now?: () => number;
};

/**
 * After these the customer has been served: the display's next idle is for the next customer, in
 * the store's language. Back from an offer or a top-up's price (the clerk picks another package)
 * it is the same customer, who keeps the language they picked.
 */
const SERVED: ReadonlySet<DisplayKind> = new Set(['install', 'emailed', 'thanks', 'topup_done']);

/** A package as the display names it, in the customer's language there. */
export function displayPackage(offer: PackageOffer): DisplayPackage {
  return {
    dataText: offer.dataText,
    days: offer.days,
    countryCode: offer.kind === 'local' ? (offer.countries[0] ?? null) : null,
    coverageName: offer.coverageName,
    region: offer.region,
  };
}

export class DisplayService {
  readonly #o: DisplayOptions;
  #state: DisplayState;
  #language: CustomerLanguage;
  #timer: NodeJS.Timeout | null = null;
  #generation = 0;
  /** A sale or top-up completed since the customer picked a language: whatever comes next is for someone new. */
  #served = false;
  /** The whole ICCID of the top-up on show (the display itself shows its last digits only). */
  #topupIccid: string | null = null;
  readonly #unsubscribe: () => void;

  constructor(options: DisplayOptions) {
    this.#o = options;
    this.#language = options.defaultLanguage();
    this.#state = this.#idle();
    // The journal's outcome, not what the clerk's screen chose to show: a sale whose QR was only
    // printed, never put on the display, still ends that customer's turn.
    this.#unsubscribe = options.events.subscribe((name, payload) => {
      if (name !== 'sale.updated' && name !== 'topup.updated') return;
      const { id, status } = payload as { id: string; status: string };
      if (status !== 'completed') return;
      if (name === 'sale.updated' && this.#o.isOfflineSale?.(id)) return;
      this.#served = true;
      if (name === 'topup.updated') this.#topupCompleted(id);
    });
  }

  /** The next customer's screen: in the store's language once the last customer was served. */
  #forNextCustomer(): void {
    if (!this.#served && !SERVED.has(this.#state.kind)) return;
    this.#served = false;
    this.#language = this.#o.defaultLanguage();
  }

  current(): DisplayState {
    return this.#state;
  }

  idle(): DisplayState {
    this.#forNextCustomer();
    return this.#set(this.#idle());
  }

  /** Back to idle unless it is there already (no event for nothing); a locked counter's next customer starts afresh. */
  clear(): void {
    this.#generation++;
    if (this.#state.kind === 'idle') return;
    this.#served = false;
    this.#language = this.#o.defaultLanguage();
    this.#set(this.#idle());
  }

  /**
   * The customer's choice at the display. What is shown stays, and so does its timer: a QR still
   * clears when it was going to, whatever language it is explained in.
   */
  setLanguage(language: CustomerLanguage): DisplayState {
    this.#language = language;
    this.#served = false;
    if (this.#state.customerLanguage === language) return this.#state;
    this.#state = { ...this.#state, customerLanguage: language };
    this.#o.events.emit('display.changed', this.#state);
    return this.#state;
  }

  offer(offer: PackageOffer, quantity: number): DisplayState {
    this.#forNextCustomer();
    return this.#set({
      kind: 'offer',
      practice: this.#o.practice,
      customerLanguage: this.#language,
      ...displayPackage(offer),
      price: multiplyMoney(offer.retail, quantity),
      quantity,
    });
  }

  /** The ways to cover a trip the clerk points to, each with its packages as the catalogue has them. */
  trip(trip: { countries: readonly string[]; days: number }, options: readonly DisplayTripOption[]): DisplayState {
    this.#forNextCustomer();
    return this.#set({
      kind: 'trip',
      practice: this.#o.practice,
      customerLanguage: this.#language,
      countries: [...trip.countries],
      days: trip.days,
      options,
    });
  }

  /** Shows the QR codes of a completed sale; the caller must be allowed to see them. */
  install(sale: SaleView): DisplayState {
    if (sale.status !== 'completed')
      throw new AppFailure('conflict', 'Only a completed sale has a QR code to show.', { reason: 'sale_not_completed' });
    const esims = sale.esims.filter((e) => e.qrcode !== null);
    if (esims.length === 0)
      throw new AppFailure('forbidden', 'The QR code of this sale can only be shown again with a manager’s approval.', {
        reason: 'reveal_needs_approval',
      });
    const installMs = this.#o.installMs ?? 5 * 60_000;
    const state: DisplayState = {
      kind: 'install',
      practice: this.#o.practice,
      customerLanguage: this.#language,
      saleId: sale.id,
      dataText: sale.packageData,
      days: sale.packageDays,
      esims: esims.map((e) => ({ iccidTail: e.iccid.slice(-5), qrcode: e.qrcode!, appleInstallUrl: e.appleInstallUrl })),
      clearsAt: new Date((this.#o.now ?? Date.now)() + installMs).toISOString(),
    };
    return this.#set(state, installMs);
  }

  /** A sale taken while the service is away: the address its eSIM goes to, and by when. */
  emailed(sale: SaleView): DisplayState {
    if (!sale.offline || !sale.customerEmail)
      throw new AppFailure('conflict', 'Only a sale taken while the service was away is delivered by e-mail.', {
        reason: 'sale_not_completed',
      });
    return this.#set(
      {
        kind: 'emailed',
        practice: this.#o.practice,
        customerLanguage: this.#language,
        saleId: sale.id,
        email: sale.customerEmail,
        dataText: sale.packageData,
        days: sale.packageDays,
        deadline: sale.offline.deadline,
      },
      this.#o.installMs ?? 5 * 60_000,
    );
  }

  thanks(): DisplayState {
    return this.#set(
      { kind: 'thanks', practice: this.#o.practice, customerLanguage: this.#language, storeName: this.#o.storeName() },
      this.#thanksMs(),
    );
  }

  /**
   * The basket being filled, each line at the price it will be charged, and its total per currency;
   * nothing when the display changed since `since` (its generation when the lines were looked up).
   */
  basket(lines: readonly DisplayBasketLine[], since = this.#generation): DisplayState {
    if (since !== this.#generation) return this.#state;
    this.#forNextCustomer();
    return this.#set({
      kind: 'basket',
      practice: this.#o.practice,
      customerLanguage: this.#language,
      lines,
      total: sumByCurrency(lines.map((line) => line.price)),
    });
  }

  /** The top-up picked for an eSIM, at the price it will be charged. */
  topup(iccid: string, offer: TopupOffer): DisplayState {
    this.#forNextCustomer();
    this.#topupIccid = iccid;
    return this.#set({
      kind: 'topup',
      practice: this.#o.practice,
      customerLanguage: this.#language,
      iccidTail: iccid.slice(-5),
      dataText: offer.dataText,
      days: offer.days,
      price: offer.retail,
    });
  }

  topupDone(topup: TopupView): DisplayState {
    if (topup.status !== 'completed')
      throw new AppFailure('conflict', 'Only a completed top-up can be shown as done.', { reason: 'topup_not_completed' });
    return this.#set(
      {
        kind: 'topup_done',
        practice: this.#o.practice,
        customerLanguage: this.#language,
        iccidTail: topup.iccid.slice(-5),
        dataText: topup.packageData,
        days: topup.packageDays,
      },
      this.#thanksMs(),
    );
  }

  /** The top-up of the eSIM on show completed: done, on the display too. */
  #topupCompleted(id: string): void {
    if (this.#state.kind !== 'topup' || !this.#o.topupView) return;
    const topup = this.#o.topupView(id);
    if (topup.iccid === this.#topupIccid) this.topupDone(topup);
  }

  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#unsubscribe();
  }

  #idle(): DisplayState {
    return { kind: 'idle', storeName: this.#o.storeName(), practice: this.#o.practice, customerLanguage: this.#language };
  }

  #thanksMs(): number {
    return this.#o.thanksMs ?? 15_000;
  }

  /**
   * Moves at every change and every clear: a show that looked its lines up meanwhile (a lock, a
   * newer show came first) is dropped rather than put back over what came after it.
   */
  generation(): number {
    return this.#generation;
  }

  #set(state: DisplayState, clearAfterMs?: number): DisplayState {
    this.#generation++;
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
