import { useMemo, type CSSProperties } from 'react';
import QRCode from 'qrcode';

type Props = {
  text: string;
  /** Rendered size in CSS pixels; the SVG scales without blur, so print and screen stay sharp. */
  size: number;
  label: string;
  className?: string;
};

/** Modules of quiet zone on each side: ISO/IEC 18004 asks for 4, and phone cameras need it. */
const QUIET = 4;

/**
 * A QR code drawn as one SVG path from the module matrix. No innerHTML and no canvas, so it
 * passes the page's CSP, prints crisply on a thermal printer and stays a vector in a PDF.
 * Error correction M: sturdy enough for a smudged screen or a slightly faded receipt, while an
 * LPA string still fits a version small enough to read from a metre away.
 */
export function QrCode({ text, size, label, className }: Props) {
  const { path, dimension } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      className={className ? `qr ${className}` : 'qr'}
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${dimension} ${dimension}`}
      shapeRendering="crispEdges"
      // A stylesheet that sizes the code by its screen can keep each module a least size (display.css).
      style={{ '--qr-modules': dimension } as CSSProperties}
    >
      <rect width={dimension} height={dimension} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

export function qrPath(text: string): { path: string; dimension: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const parts: string[] = [];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      // One rectangle per horizontal run keeps the path short.
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      parts.push(`M${start + QUIET} ${row + QUIET}h${col - start}v1h-${col - start}z`);
    }
  }
  return { path: parts.join(''), dimension: n + QUIET * 2 };
}
