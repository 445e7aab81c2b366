/**
 * Install steps of an eSIM in the customer's language, as the service words them. The service
 * writes the SM-DP+ address and activation code into the manual steps (and may elsewhere): they
 * are bearer secrets, so unless the caller may see this eSIM's codes, the manual steps are left
 * out and any other step that carries a code is dropped.
 */
import type { InstallSteps } from '../../../shared/esims.ts';
import { normalizeIccid } from '../../../shared/iccid.ts';
import type { PartnerClient } from '../partner/client.ts';
import { iccidRefused, partnerFailure } from '../common/failures.ts';
import { QUICK_RETRY, retryRead } from '../partner/retry.ts';
import { PartnerError } from '../partner/errors.ts';
import { getInstructions, type Instructions } from '../partner/sims.ts';
import { AppFailure } from '../../../shared/errors.ts';

export async function installSteps(
  partner: PartnerClient,
  rawIccid: string,
  language: string,
  codesVisible: (iccid: string) => boolean,
): Promise<InstallSteps> {
  const iccid = normalizeIccid(rawIccid);
  if (!iccid.ok) throw iccidRefused(iccid);
  let instructions: Instructions;
  try {
    // The clerk is waiting with the customer: two quick tries more, then the words.
    instructions = await retryRead(() => getInstructions(partner, iccid.iccid, language), QUICK_RETRY);
  } catch (error) {
    throw error instanceof PartnerError ? toAppFailure(error, iccid.iccid) : error;
  }
  const reveal = codesVisible(iccid.iccid);
  const secrets = reveal ? [] : codesIn(instructions);
  const ordered = (steps: Record<string, string>) =>
    Object.entries(steps)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, text]) => text)
      .filter((text) => reveal || !carriesCode(text, secrets));
  let manualHidden = false;
  const platform = (os: 'ios' | 'android') =>
    instructions[os].map((device) => {
      if (!reveal && Object.keys(device.installation_manual.steps).length > 0) manualHidden = true;
      return {
        os,
        model: device.model,
        version: device.version,
        qrSteps: ordered(device.installation_via_qr_code.steps),
        manualSteps: reveal ? ordered(device.installation_manual.steps) : [],
        networkSteps: ordered(device.network_setup.steps),
      };
    });
  const platforms = [...platform('ios'), ...platform('android')];
  return { language: instructions.language.toLowerCase(), platforms, manualHidden };
}

/**
 * This eSIM's codes as the answer itself gives them (the LPA text, its SM-DP+ address and
 * matching id): a step quoting any of them is dropped whatever language it is written in.
 */
function codesIn(instructions: Instructions): string[] {
  const codes = new Set<string>();
  for (const device of [...instructions.ios, ...instructions.android]) {
    for (const lpa of [
      device.installation_via_qr_code.qr_code_data,
      device.installation_manual.smdp_address_and_activation_code,
    ]) {
      for (const part of [lpa, ...lpa.split('$').slice(1)]) {
        if (part.trim().length >= 6) codes.add(part.trim().toLowerCase());
      }
    }
  }
  return [...codes];
}

/** A step that quotes one of the codes, an LPA string, or a labelled code in the words the service uses in English. */
function carriesCode(text: string, codes: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return codes.some((code) => lower.includes(code)) || /LPA:1\$|activation\s*code\s*:|sm-?dp\+?\s*(address)?\s*:/i.test(text);
}

/** The service's failures in the clerk's words; left as they were they read "something went wrong inside the app". */
function toAppFailure(error: PartnerError, iccid: string): AppFailure {
  if (error.kind === 'not_found') {
    return new AppFailure('not_found', 'The eSIM service does not know this eSIM.', {
      reason: 'esim_unknown',
      params: { iccid },
    });
  }
  return AppFailure.from(partnerFailure(error, 'the install steps'));
}
