/** A sold eSIM's brand and its sharing page at the service: GET /v2/sims/{iccid}, PUT …/brand. */
import type { PartnerClient } from './client.ts';
import { BrandResponse, SimResponse } from './schemas/sims.ts';

export type SimSharing = { brand: string | null; link: string | null; accessCode: string | null };

const simPath = (iccid: string): string => `/v2/sims/${encodeURIComponent(iccid)}`;

/**
 * The eSIM's brand and sharing page. The documentation puts `sharing` inside `simable`; the live
 * service was seen answering it at the top level: either is read.
 */
export async function getSimSharing(client: PartnerClient, iccid: string): Promise<SimSharing> {
  const response = await client.call({
    method: 'GET',
    path: simPath(iccid),
    query: { include: 'share' },
    schema: SimResponse,
  });
  const sim = response.data;
  const sharing = sim.sharing ?? sim.simable?.sharing ?? null;
  return { brand: sim.brand_settings_name, link: sharing?.link ?? null, accessCode: sharing?.access_code ?? null };
}

/**
 * PUT /v2/sims/{iccid}/brand; null for the service's own brand. Sent as JSON: a PHP service does
 * not read multipart bodies on PUT, whatever the documentation's sample says.
 */
export async function updateSimBrand(client: PartnerClient, iccid: string, brand: string | null): Promise<string | null> {
  const response = await client.call({
    method: 'PUT',
    path: `${simPath(iccid)}/brand`,
    body: { encoding: 'json', value: { brand_settings_name: brand } },
    schema: BrandResponse,
  });
  return response.data.brand_settings_name;
}
