/**
 * What the clerk put in a basket, as the screens and the papers describe it: the offers the
 * counter showed, which `baskets.create` names by id only.
 */
import type { BasketLineView, BasketView } from '../../../../shared/baskets.ts';
import type { InputOf } from '../../../../shared/contract.ts';
import type { PackageOffer } from '../../../../shared/catalog.ts';
import { multiplyMoney, sumByCurrency, type Money } from '../../../../shared/money.ts';
import type { TopupOffer } from '../../../../shared/sales.ts';

export type BasketItem =
  | { readonly kind: 'sale'; readonly offer: PackageOffer; readonly quantity: number }
  | { readonly kind: 'topup'; readonly offer: TopupOffer; readonly iccid: string };

type BasketLineInput = InputOf<'baskets.create'>['lines'][number];

export function basketLine(item: BasketItem): BasketLineInput {
  return item.kind === 'sale'
    ? { packageId: item.offer.id, quantity: item.quantity }
    : { iccid: item.iccid, packageId: item.offer.id };
}

/** What the line costs at the counter's prices: its retail times its eSIMs. */
export function itemPrice(item: BasketItem): Money {
  return item.kind === 'sale' ? multiplyMoney(item.offer.retail, item.quantity) : item.offer.retail;
}

/** The basket's price, per currency. */
export function basketPrice(items: readonly BasketItem[]): Money[] {
  return sumByCurrency(items.map(itemPrice));
}

/** The item a basket's line was made from, when it is the one at its place; none for a basket read back without them. */
export function itemOf(
  items: readonly BasketItem[],
  line: Pick<BasketLineView, 'index' | 'kind' | 'packageId' | 'quantity' | 'iccid'>,
): BasketItem | undefined {
  const item = items[line.index];
  if (!item || item.offer.id !== line.packageId || item.kind !== line.kind) return undefined;
  return (item.kind === 'sale' ? item.quantity === line.quantity : item.iccid === line.iccid) ? item : undefined;
}

/** A basket's lines as `baskets.create` takes them (sent again, only what was not sent goes), from the basket itself. */
export function linesOf(basket: Pick<BasketView, 'lines'>): BasketLineInput[] {
  return basket.lines.map((line) =>
    line.kind === 'topup' && line.iccid
      ? { iccid: line.iccid, packageId: line.packageId }
      : { packageId: line.packageId, quantity: line.quantity },
  );
}
