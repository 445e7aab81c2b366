/** The customer display: what it shows now, the language the customer picked, and what the counter shows on it. */
import { AppFailure } from '../../../shared/errors.ts';
import { multiplyMoney } from '../../../shared/money.ts';
import type { HandlerServices } from '../services.ts';
import { displayPackage } from './service.ts';
import type { AreaHandlers } from '../rpc.ts';

export function displayHandlers(
  services: Pick<HandlerServices, 'display' | 'catalog' | 'sales' | 'topups' | 'trips'>,
): AreaHandlers<'display'> {
  const { display, catalog, sales, topups, trips } = services;
  return {
    'display.current': () => display.current(),
    'display.setLanguage': ({ language }) => display.setLanguage(language),
    'display.show': async (input, { session }) => {
      switch (input.kind) {
        case 'idle':
          return display.idle();
        case 'thanks':
          return display.thanks();
        case 'offer': {
          const offer = await catalog.offer(input.packageId);
          if (!offer)
            throw new AppFailure('not_found', 'This package is no longer offered.', { reason: 'package_no_longer_offered' });
          return display.offer(offer, input.quantity);
        }
        case 'install':
          return display.install(sales.view(input.saleId, session));
        case 'emailed':
          return display.emailed(sales.view(input.saleId, session));
        case 'topup': {
          const found = await topups.offer(input.iccid, input.packageId);
          if (!found) {
            throw new AppFailure('not_found', 'This top-up is not offered for this eSIM any more.', {
              reason: 'topup_no_longer_offered',
            });
          }
          return display.topup(found.iccid, found.offer);
        }
        case 'trip': {
          // Planned again here: the display shows the backend's prices for the options pointed to.
          const plan = await trips.plan(input.trip);
          const key = (ids: readonly string[]) => [...ids].sort().join();
          const wanted = new Set(input.options.map(key));
          const byId = new Map(plan.packages.map((p) => [p.id, p]));
          const options = plan.options
            .filter((o) => wanted.has(key(o.packages.map((p) => p.id))))
            .map((o) => ({
              total: o.total,
              packages: o.packages.map((p) => displayPackage(byId.get(p.id)!)),
              uncovered: o.uncovered,
              daysShort: o.daysShort,
              dataShortMb: o.dataShortMb,
            }));
          if (options.length === 0)
            throw new AppFailure('not_found', 'These ways to cover the trip are no longer offered.', {
              reason: 'package_no_longer_offered',
            });
          return display.trip(input.trip, options);
        }
        case 'basket': {
          const since = display.generation();
          // Each line at the backend's own price, as the basket will charge it; a line gone from the catalogue is said.
          const lines = await Promise.all(
            input.lines.map(async (line) => {
              if ('iccid' in line) {
                const found = await topups.offer(line.iccid, line.packageId);
                if (!found)
                  throw new AppFailure('not_found', 'This top-up is not offered for this eSIM any more.', {
                    reason: 'topup_no_longer_offered',
                  });
                const { offer } = found;
                const place = { countryCode: null, coverageName: offer.title, region: null };
                return {
                  package: { dataText: offer.dataText, days: offer.days, ...place },
                  quantity: 1,
                  price: offer.retail,
                  iccidTail: found.iccid.slice(-5),
                };
              }
              const offer = await catalog.offer(line.packageId);
              if (!offer)
                throw new AppFailure('not_found', 'This package is no longer offered.', { reason: 'package_no_longer_offered' });
              return {
                package: displayPackage(offer),
                quantity: line.quantity,
                price: multiplyMoney(offer.retail, line.quantity),
                iccidTail: null,
              };
            }),
          );
          return display.basket(lines, since);
        }
        case 'topup_done':
          return display.topupDone(topups.view(input.topupId));
      }
    },
  };
}
