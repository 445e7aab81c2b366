import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import type QRCodeLibrary from 'qrcode';

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
 * The encoder (9 kB gzipped) is not part of the first paint, which waits for nothing it does not
 * draw: asked for as the page starts, it is there long before a sale's first QR.
 */
let encoder: typeof QRCodeLibrary | null = null;
export const qrEncoderLoaded = import('qrcode').then((module) => {
  encoder = module.default;
});

/**
 * A QR code drawn as one SVG path from the module matrix. No innerHTML and no canvas, so it
 * passes the page's CSP, prints crisply on a thermal printer and stays a vector in a PDF.
 * Error correction M: sturdy enough for a smudged screen or a slightly faded receipt, while an
 * LPA string still fits a version small enough to read from a metre away. Should it be drawn
 * before the encoder has come, a white square of its size stands in (nothing moves when the code
 * comes), with no name: a reader or a test finds the code only once it can be scanned.
 */
export function QrCode({ text, size, label, className }: Props) {
  const [ready, setReady] = useState(encoder !== null);
  useEffect(() => {
    if (!ready) void qrEncoderLoaded.then(() => setReady(true));
  }, [ready]);
  const drawn = useMemo(() => (ready ? qrPath(text) : null), [ready, text]);
  const classes = className ? `qr ${className}` : 'qr';
  if (!drawn) {
    return (
      <svg className={classes} aria-hidden="true" width={size} height={size} viewBox="0 0 1 1">
        <rect width={1} height={1} fill="#fff" />
      </svg>
    );
  }
  const { path, dimension } = drawn;
  return (
    <svg
      className={classes}
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
  if (!encoder) throw new Error('the QR encoder has not loaded yet');
  const { modules } = encoder.create(text, { errorCorrectionLevel: 'M' });
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
