// GET /v2/sims/{iccid}/instructions: steps keyed "1".."n", several device entries per OS.
import type { PackageDef } from '../catalogue.ts';
import type { SandboxContext } from '../context.ts';
import { INSTRUCTIONS, fill, type StepSet } from '../data/instructions.ts';
import { appleUrlOf, qrcodeOf, qrcodeUrlOf } from '../domain/sims.ts';
import type { SimRec } from '../model.ts';

const keyed = (steps: string[]): Record<string, string> => Object.fromEntries(steps.map((s, i) => [String(i + 1), s]));

export function instructionsJson(ctx: SandboxContext, sim: SimRec, lang: string) {
  const set = INSTRUCTIONS[lang] ?? (INSTRUCTIONS.en as StepSet);
  const op = ctx.catalogue.operatorOf(ctx.catalogue.packages.get(sim.packageId) as PackageDef);
  const vars = { lpa: sim.lpa, code: sim.matchingId, apn: op.apnValue ?? op.apnType };
  const qrUrl = qrcodeUrlOf(ctx, sim);
  const network = (steps: string[]) => ({
    steps: keyed(steps.map((s) => fill(s, vars))),
    apn_type: op.apnType,
    apn_value: op.apnValue,
    is_roaming: op.isRoaming,
  });
  const ios = (model: string | null, version: string | null) => ({
    model,
    version,
    installation_via_qr_code: {
      steps: keyed(set.qrIos.map((s) => fill(s, vars))),
      qr_code_data: qrcodeOf(sim),
      qr_code_url: qrUrl,
      direct_apple_installation_url: appleUrlOf(sim),
    },
    installation_manual: { steps: keyed(set.manualIos.map((s) => fill(s, vars))), smdp_address_and_activation_code: sim.lpa },
    network_setup: network(set.networkIos),
  });
  const android = (model: string | null, version: string | null) => ({
    model,
    version,
    installation_via_qr_code: {
      steps: keyed(set.qrAndroid.map((s) => fill(s, vars))),
      qr_code_data: qrcodeOf(sim),
      qr_code_url: qrUrl,
    },
    installation_manual: {
      steps: keyed(set.manualAndroid.map((s) => fill(s, vars))),
      smdp_address_and_activation_code: sim.lpa,
    },
    network_setup: network(set.networkAndroid),
  });
  return {
    instructions: {
      language: lang.toUpperCase(),
      ios: [ios(null, '17.4,18,26'), ios(null, '14,15,16,17')],
      android: [android(null, null), android('Galaxy', null), android('Pixel', null)],
    },
  };
}
