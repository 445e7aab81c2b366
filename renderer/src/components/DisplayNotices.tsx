import type { DisplayState } from '../../../shared/display.ts';
import type { AppError } from '../../../shared/errors.ts';
import { describeError } from '../errors.ts';
import { clock } from '../../../shared/clock.ts';
import { useStoreTimeZone } from '../clock.ts';

/** Whether this sale's QR is on the customer display now (and until when), or why showing it failed. */
export function DisplayNotices({
  display,
  saleId,
  error,
}: {
  display: DisplayState | null;
  saleId: string;
  error: AppError | null;
}) {
  const zone = useStoreTimeZone();
  return (
    <>
      {display?.kind === 'install' && display.saleId === saleId && (
        <p className="notice good" role="status">
          On the customer display now — it clears at {clock(display.clearsAt, zone)}.
        </p>
      )}
      {error && (
        <p className="notice error" role="alert">
          {describeError(error)}
        </p>
      )}
    </>
  );
}
