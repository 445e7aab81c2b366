/**
 * What a code read by the camera is. The voucher carries two: a Code 128 barcode of the ICCID
 * (what a top-up, usage or a search needs) and the install QR, whose text is an LPA activation
 * code ("LPA:1$smdp.example$MATCHING-ID"), which esims.byInstallQr turns into the ICCID of an eSIM
 * sold here. A camera also catches other codes near the counter (a
 * phone box's IMEI, a product EAN), so only the ICCID rules of shared/iccid.ts decide.
 */
import { normalizeIccid, type IccidResult } from '../../../../shared/iccid.ts';

export type ScannedCode =
  | { readonly kind: 'iccid'; readonly iccid: string }
  /** An install QR: it names no ICCID; the journal knows which of our eSIMs it belongs to. */
  | { readonly kind: 'lpa'; readonly text: string }
  /** Something else: why it is not an ICCID, in the words the typed field would use. */
  | { readonly kind: 'other'; readonly problem: Extract<IccidResult, { ok: false }> };

const LPA = /^LPA:1\$/i;

export function readScannedCode(text: string): ScannedCode {
  const trimmed = text.trim();
  if (LPA.test(trimmed)) return { kind: 'lpa', text: trimmed };
  const parsed = normalizeIccid(trimmed);
  return parsed.ok ? { kind: 'iccid', iccid: parsed.iccid } : { kind: 'other', problem: parsed };
}
