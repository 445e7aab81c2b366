import { useTranslation } from 'react-i18next';
import type { DisplayState } from '../../../../shared/display.ts';
import type { AppError } from '../../../../shared/errors.ts';
import { describeError } from '../../errors.ts';
import { useFormats } from '../../i18n/format.ts';

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
  const { t } = useTranslation();
  const f = useFormats();
  return (
    <>
      {display?.kind === 'install' && display.saleId === saleId && (
        <p className="notice good" role="status">
          {t('display.onNow', { time: f.time(display.clearsAt) })}
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
