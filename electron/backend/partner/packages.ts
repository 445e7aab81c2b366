import type { PartnerClient } from './client.ts';
import { PackagesResponse, type CountryEntry, type PackagesResponse as Packages } from './schemas/packages.ts';

const PAGE_SIZE = 500;

/**
 * Every package (top-ups too when asked), all pages, as the service's nested country entries, and
 * the account's pricing model the first page states.
 */
export async function getPackages(
  client: PartnerClient,
  query: { country?: string; type?: 'local' | 'global'; includeTopups?: boolean } = {},
): Promise<{ entries: CountryEntry[]; pricing: Packages['pricing'] }> {
  const entries: CountryEntry[] = [];
  let pricing: Packages['pricing'];
  for (let page = 1; ; page++) {
    const response = await client.call({
      method: 'GET',
      path: '/v2/packages',
      query: {
        'filter[country]': query.country,
        'filter[type]': query.type,
        include: query.includeTopups ? 'topup' : undefined,
        limit: PAGE_SIZE,
        page,
      },
      schema: PackagesResponse,
    });
    entries.push(...response.data);
    pricing ??= response.pricing;
    const lastPage = response.meta?.last_page ?? page;
    if (response.data.length === 0 || page >= lastPage) return { entries, pricing };
  }
}
