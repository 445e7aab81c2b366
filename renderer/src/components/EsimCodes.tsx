import type { EsimView } from '../../../shared/sales.ts';
import { QrCode } from './QrCode.tsx';

/** ICCID in groups of four, as printed on SIM cards, so it can be read out and compared. */
export function groupIccid(iccid: string): string {
  return iccid.replace(/(\d{4})(?=\d)/g, '$1 ');
}

type Props = { esim: EsimView; size: number; appleSize: number };

/** The install QR and the Apple one-tap QR of one eSIM, or why they are hidden. */
export function EsimCodes({ esim, size, appleSize }: Props) {
  if (!esim.qrcode) {
    return <p className="notice warn">The QR code of this eSIM is hidden. Showing it again needs a manager’s approval.</p>;
  }
  return (
    <div className="esim-codes">
      <figure className="qr-figure main-qr">
        <QrCode text={esim.qrcode} size={size} label="Install QR code" />
        <figcaption>Any phone: scan with the camera</figcaption>
      </figure>
      {esim.appleInstallUrl && (
        <figure className="qr-figure apple-qr">
          <QrCode text={esim.appleInstallUrl} size={appleSize} label="Apple one-tap install QR code" />
          <figcaption>iPhone, iOS 17.4 or later: one-tap install</figcaption>
        </figure>
      )}
    </div>
  );
}
