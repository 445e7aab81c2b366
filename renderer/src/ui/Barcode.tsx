import { useMemo, type ReactElement } from 'react';
// Only JsBarcode's Code 128 encoder: the whole library (every format and renderer) is 130 KB.
import { CODE128 } from 'jsbarcode/bin/barcodes/CODE128/index.js';

type Props = {
  value: string;
  /** Height of the bars in CSS pixels. */
  height: number;
  /** CSS pixels per narrow bar; 1.5 fits a 20-digit ICCID on an 80 mm receipt. */
  moduleWidth?: number;
  label: string;
  className?: string;
};

/** Narrow bars of quiet zone each side: Code 128 asks for at least 10 module widths. */
const QUIET = 12;

/**
 * A Code 128 barcode as an SVG of rectangles. JsBarcode only encodes here (its object renderer):
 * its own SVG renderer sets style attributes, which this page's CSP refuses.
 */
export function Barcode({ value, height, moduleWidth = 2, label, className }: Props) {
  const bars = useMemo(() => encodeCode128(value), [value]);
  const width = bars.length + QUIET * 2;
  const rects: ReactElement[] = [];
  let i = 0;
  while (i < bars.length) {
    if (bars[i] !== '1') {
      i++;
      continue;
    }
    const start = i;
    while (i < bars.length && bars[i] === '1') i++;
    rects.push(<rect key={start} x={start + QUIET} y={0} width={i - start} height={40} />);
  }
  return (
    <svg
      className={className ? `barcode ${className}` : 'barcode'}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} 40`}
      preserveAspectRatio="none"
      width={width * moduleWidth}
      height={height}
      shapeRendering="crispEdges"
    >
      <rect width={width} height={40} fill="#fff" />
      <g fill="#000">{rects}</g>
    </svg>
  );
}

/** The module pattern ("1" = bar) of a Code 128 symbol, start and stop codes included. */
export function encodeCode128(value: string): string {
  const symbol = new CODE128(value, {});
  if (!symbol.valid()) throw new Error(`Code 128 cannot encode "${value}"`);
  return symbol.encode().data;
}
