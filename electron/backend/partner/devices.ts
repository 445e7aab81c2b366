/**
 * The list of eSIM-capable devices. The lite list is current; the full list (with model codes) is
 * deprecated and asked for only if a service no longer has, or does not yet have, the lite one.
 */
import type { PartnerClient } from './client.ts';
import { PartnerError } from './errors.ts';
import { DevicesLiteResponse, DevicesResponse } from './schemas/devices.ts';

export type CompatibleDevice = {
  readonly os: string;
  readonly brand: string;
  readonly name: string;
  /** Only the deprecated full list has model codes. */
  readonly model: string | null;
};

export async function getDevices(client: PartnerClient): Promise<CompatibleDevice[]> {
  try {
    const lite = await client.call({ method: 'GET', path: '/v2/compatible-devices-lite', schema: DevicesLiteResponse });
    return lite.data.map((d) => clean({ ...d, model: null }));
  } catch (error) {
    if (!(error instanceof PartnerError) || error.kind !== 'not_found') throw error;
  }
  const full = await client.call({ method: 'GET', path: '/v2/compatible-devices', schema: DevicesResponse });
  return full.data.map((d) => clean(d));
}

// The service's list has stray whitespace (e.g. "iPad13,5 "), which would split one device in two.
function clean(d: { os: string; brand: string; name: string; model: string | null }): CompatibleDevice {
  const model = d.model?.trim() ?? null;
  return { os: d.os.trim().toLowerCase(), brand: d.brand.trim(), name: d.name.trim(), model: model === '' ? null : model };
}
