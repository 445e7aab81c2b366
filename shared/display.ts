import type { Money } from './money.ts';

/**
 * What the customer display shows. It follows the sale: idle → offer → install → thanks → idle.
 * The backend holds it (electron/services/display.ts) and clears it on its own timers, so a QR
 * never stays up for the next customer even if the clerk's window is closed.
 */
export type DisplayState =
  | { readonly kind: 'idle'; readonly storeName: string; readonly training: boolean }
  | {
      readonly kind: 'offer';
      readonly training: boolean;
      readonly packageTitle: string;
      readonly dataText: string;
      readonly days: number;
      readonly coverageName: string;
      readonly price: Money;
      readonly quantity: number;
    }
  | {
      readonly kind: 'install';
      readonly training: boolean;
      readonly saleId: string;
      readonly packageTitle: string;
      /** Separately, so the display can word them in the customer's language. */
      readonly dataText: string;
      readonly days: number;
      /** One entry per eSIM: the LPA text for the QR and the Apple one-tap link. */
      readonly esims: readonly { readonly iccidTail: string; readonly qrcode: string; readonly appleInstallUrl: string | null }[];
      /** When the backend will clear the QR by itself (ISO). */
      readonly clearsAt: string;
    }
  | { readonly kind: 'thanks'; readonly training: boolean; readonly storeName: string };

export type DisplayKind = DisplayState['kind'];
