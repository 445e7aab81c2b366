/**
 * Per-eSIM reads: usage, the top-ups it can take, and its installation instructions.
 * Rate limits and caching are the caller's business (usage/service.ts); these only ask.
 */
import type { PartnerClient } from './client.ts';
import { InstructionsResponse, TopupPackagesResponse, UsageResponse, type Usage } from './schemas/sims.ts';

const simPath = (iccid: string, rest: string): string => `/v2/sims/${encodeURIComponent(iccid)}/${rest}`;

/** Current usage of one eSIM. The service allows one read per ICCID per 15 minutes (429 + Retry-After). */
export async function getUsage(client: PartnerClient, iccid: string): Promise<Usage> {
  const response = await client.call({ method: 'GET', path: simPath(iccid, 'usage'), schema: UsageResponse });
  return response.data;
}

/** Top-up packages this eSIM can take, with the pricing model they are quoted under. */
export async function getTopupOptions(client: PartnerClient, iccid: string): Promise<TopupPackagesResponse> {
  return client.call({ method: 'GET', path: simPath(iccid, 'topups'), schema: TopupPackagesResponse });
}

export type Instructions = InstructionsResponse['data']['instructions'];

/** Installation steps in `language` (an ISO 639-1 code such as "en" or "de"; the service falls back to English). */
export async function getInstructions(client: PartnerClient, iccid: string, language = 'en'): Promise<Instructions> {
  const response = await client.call({
    method: 'GET',
    path: simPath(iccid, 'instructions'),
    headers: { 'Accept-Language': language },
    schema: InstructionsResponse,
  });
  return response.data.instructions;
}
