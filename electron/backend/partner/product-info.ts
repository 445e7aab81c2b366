import type { PartnerClient } from './client.ts';
import { ProductInformationResponse, type ProductInformation } from './schemas/product-info.ts';

/** GET /v2/packages/{slug}/product-information: the package's product sheet (a 404 when it has none). */
export async function getProductInformation(client: PartnerClient, packageId: string): Promise<ProductInformation> {
  const response = await client.call({
    method: 'GET',
    path: `/v2/packages/${encodeURIComponent(packageId)}/product-information`,
    schema: ProductInformationResponse,
  });
  return response.data;
}
