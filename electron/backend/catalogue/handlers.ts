/** The packages on sale: countries, packages at the store's prices, and the partner's product sheets. */
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';

export function catalogueHandlers({ catalog, sheets }: Pick<HandlerServices, 'catalog' | 'sheets'>): AreaHandlers<'catalog'> {
  return {
    'catalog.countries': (input) => catalog.countries(input.query),
    'catalog.packages': (input) => catalog.packages(input),
    'catalog.productSheet': ({ packageId }) => sheets.sheet(packageId),
    'catalog.openSheetLink': ({ packageId, link }) => sheets.openLink(packageId, link),
  };
}
