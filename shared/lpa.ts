/**
 * The parts of an eSIM's activation code (GSMA SGP.22: `LPA:1$<SM-DP+ address>$<matching ID>`)
 * that a customer types by hand when their phone cannot scan the QR.
 */
export type ManualCode = { readonly smdp: string; readonly activationCode: string };

export function manualCode(lpa: string | null | undefined): ManualCode | null {
  const match = /^LPA:1\$([^$\s]+)\$([^$\s]+)/i.exec(lpa?.trim() ?? '');
  return match ? { smdp: match[1]!, activationCode: match[2]! } : null;
}
