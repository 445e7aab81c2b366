import type { BasketView } from '../../../../shared/baskets.ts';
import type { InputOf } from '../../../../shared/contract.ts';
import type { AppError, ErrorCode } from '../../../../shared/errors.ts';
import { api } from '../../api.ts';

export type BasketSend =
  | { readonly kind: 'sold'; readonly basket: BasketView }
  /** Nothing was written under the basket's id: it may be changed and sent again. */
  | { readonly kind: 'refused'; readonly error: AppError }
  /** No answer, and the basket could not be read back: it is sent again only as it was. */
  | { readonly kind: 'unsure'; readonly error: AppError };

/**
 * Refusals made before the basket's handler runs (who may call, the input's shape): nothing of the
 * basket was written, and reading it back would only be refused the same way.
 */
const BEFORE_ANY_LINE: ReadonlySet<ErrorCode> = new Set([
  'not_connected',
  'bad_input',
  'unknown_method',
  'signed_out',
  'forbidden',
  'locked',
]);

/**
 * Sends a basket (each line not yet sent is sent once; see `baskets.create`). When the call fails,
 * what the counter wrote under the basket's id is read back: a basket is never taken for unsent
 * because its answer was lost.
 */
export async function sendBasket(input: InputOf<'baskets.create'> & { id: string }): Promise<BasketSend> {
  const sent = await api().call('baskets.create', input);
  if (sent.ok) return { kind: 'sold', basket: sent.value };
  if (BEFORE_ANY_LINE.has(sent.error.code)) return { kind: 'refused', error: sent.error };
  const held = await api().call('baskets.get', { id: input.id });
  if (held.ok) return { kind: 'sold', basket: held.value };
  return held.error.code === 'not_found' ? { kind: 'refused', error: sent.error } : { kind: 'unsure', error: sent.error };
}
