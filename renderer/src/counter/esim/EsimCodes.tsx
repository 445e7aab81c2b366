import { useTranslation } from 'react-i18next';
import type { EsimView } from '../../../../shared/sales.ts';
import { QrCode } from '../../ui/QrCode.tsx';

/** ICCID in groups of four, as printed on SIM cards, so it can be read out and compared. */
export function groupIccid(iccid: string): string {
  return iccid.replace(/(\d{4})(?=\d)/g, '$1 ');
}

type Props = { esim: EsimView; size: number; appleSize: number };

/** The install QR and the Apple one-tap QR of one eSIM, or why they are hidden. */
export function EsimCodes({ esim, size, appleSize }: Props) {
  const { t } = useTranslation();
  if (!esim.qrcode) {
    return <p className="notice warn">{t('esim.hidden')}</p>;
  }
  return (
    <div className="esim-codes">
      <figure className="qr-figure main-qr">
        <QrCode text={esim.qrcode} size={size} label={t('esim.qrLabel')} />
        <figcaption>{t('esim.qrCaption')}</figcaption>
      </figure>
      {esim.appleInstallUrl && (
        <figure className="qr-figure apple-qr">
          <QrCode text={esim.appleInstallUrl} size={appleSize} label={t('esim.appleLabel')} />
          <figcaption>{t('esim.appleCaption')}</figcaption>
        </figure>
      )}
    </div>
  );
}
