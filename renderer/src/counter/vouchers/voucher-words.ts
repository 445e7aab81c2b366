import type { VoucherBatchView } from '../../../../shared/vouchers.ts';
import type { Formats } from '../../i18n/format.ts';
import { placeName } from '../esim/package-words.ts';

/** Where a batch's package works: a local package's country in the reader's language, a region as the partner named it. */
export function batchPlace(batch: Pick<VoucherBatchView, 'countryCode' | 'coverageName'>, f: Formats): string {
  return placeName(batch, f);
}
