/**
 * The contract's catalogue: the countries and packages the counter sells, and a package's product
 * sheet and links. Answered by electron/backend/catalogue/.
 */
import { z } from 'zod';
import type { CountryOption, PackageOffer } from '../catalog.ts';
import type { ProductSheet } from '../product-sheet.ts';
import { countryCode, method } from './base.ts';

export const catalogueMethods = {
  'catalog.countries': method<readonly CountryOption[]>()('clerk', z.strictObject({ query: z.string().max(100).optional() })),
  'catalog.packages': method<readonly PackageOffer[]>()(
    'clerk',
    z.strictObject({
      country: countryCode.optional(),
      /** A region's code from catalog.countries: that region's own packages. */
      area: z.string().trim().min(1).max(120).optional(),
      type: z.enum(['local', 'global']).optional(),
      query: z.string().max(100).optional(),
    }),
  ),
  /** The package's product information sheet, from the service or the counter's cache. */
  'catalog.productSheet': method<ProductSheet>()('clerk', z.strictObject({ packageId: z.string().min(1).max(120) })),
  /**
   * Opens the package's terms or full product sheet (PDF) as the service links them: the desktop
   * app in the system's browser (`opened`); browser mode answers the address for the page to open.
   * Only an https address the service gave for that package is ever opened.
   */
  'catalog.openSheetLink': method<{ url: string; opened: boolean }>()(
    'clerk',
    z.strictObject({ packageId: z.string().min(1).max(120), link: z.enum(['terms', 'sheetPdf']) }),
  ),
} as const;
