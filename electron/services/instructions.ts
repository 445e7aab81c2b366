/**
 * Install steps of an eSIM in the customer's language, as the service words them. The service's
 * answer also carries the activation code; it is dropped here so steps can go anywhere.
 */
import type { InstallSteps } from '../../shared/esims.ts';
import { normalizeIccid } from '../../shared/iccid.ts';
import type { PartnerClient } from '../partner/client.ts';
import { PartnerError } from '../partner/errors.ts';
import { getInstructions, type Instructions } from '../partner/sims.ts';
import { AppFailure } from '../rpc.ts';

export async function installSteps(partner: PartnerClient, rawIccid: string, language: string): Promise<InstallSteps> {
  const iccid = normalizeIccid(rawIccid);
  if (!iccid.ok) throw new AppFailure('bad_input', iccid.reason, { fields: { iccid: iccid.reason } });
  let instructions: Instructions;
  try {
    instructions = await getInstructions(partner, iccid.iccid, language);
  } catch (error) {
    if (error instanceof PartnerError && error.kind === 'not_found') {
      throw new AppFailure('not_found', 'The eSIM service does not know this eSIM.');
    }
    throw error;
  }
  const ordered = (steps: Record<string, string>) =>
    Object.entries(steps)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, text]) => text);
  const platform = (os: 'ios' | 'android') =>
    instructions[os].map((device) => ({
      os,
      model: device.model,
      version: device.version,
      qrSteps: ordered(device.installation_via_qr_code.steps),
      manualSteps: ordered(device.installation_manual.steps),
      networkSteps: ordered(device.network_setup.steps),
    }));
  return { language: instructions.language.toLowerCase(), platforms: [...platform('ios'), ...platform('android')] };
}
