/**
 * Words a thermal printer has no code page for — Arabic, Hindi, Thai, Chinese, Japanese, Korean —
 * drawn by this page as black-and-white pictures the printer's width (shared/printing.ts
 * `fitsPrinterText` decides which). The browser shapes and orders them (Arabic joined and right to
 * left, Thai's marks stacked), which no printer's own fonts do.
 */
import { fitsPrinterText, RASTER_MAX_HEIGHT, type ReceiptBlock, type ReceiptBlockInput } from '../../../shared/printing.ts';

type Canvas2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

/** Dots, as the printer's standard font (12×24) and its double size. */
const FONT = { normal: 24, large: 44 } as const;
const LINE_GAP = 6;
const FAMILY = "system-ui, 'Noto Sans', 'Noto Sans CJK JP', 'Noto Sans Arabic', sans-serif";

function context(width: number, height: number): Canvas2D {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height).getContext('2d')!;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas.getContext('2d')!;
}

/** Where a line may break: between words (the language's own idea of a word, so Thai and Japanese break too). */
function pieces(text: string, language: string): string[] {
  if (typeof Intl.Segmenter === 'function') {
    return [...new Intl.Segmenter(language, { granularity: 'word' }).segment(text)].map((s) => s.segment);
  }
  return text.split(/(\s+)/);
}

/** The text cut into lines no wider than `width` dots (a piece wider than a line is cut by characters). */
function wrap(ctx: Canvas2D, text: string, width: number, language: string): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const piece of pieces(paragraph, language)) {
      if (ctx.measureText(line + piece).width <= width) {
        line += piece;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      line = piece.trimStart();
      while (ctx.measureText(line).width > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && ctx.measureText(line.slice(0, cut)).width > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** The drawing, 1 bit a dot (set = black), rows of width/8 bytes, base64. */
function toBits(ctx: Canvas2D, width: number, height: number): string {
  const { data } = ctx.getImageData(0, 0, width, height);
  const rowBytes = width / 8;
  const bits = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const ink = (255 - (data[at]! + data[at + 1]! + data[at + 2]!) / 3) * (data[at + 3]! / 255);
      if (ink >= 110) bits[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  let binary = '';
  for (const byte of bits) binary += String.fromCharCode(byte);
  return btoa(binary);
}

type Line = { readonly text: string; readonly align: 'start' | 'center' | 'end'; readonly end?: string };

/** Draws lines of one size into pictures at most RASTER_MAX_HEIGHT dots high. */
function draw(lines: readonly Line[], size: number, bold: boolean, dots: number, dir: 'ltr' | 'rtl'): ReceiptBlock[] {
  const lineHeight = size + LINE_GAP;
  const perPicture = Math.max(1, Math.floor(RASTER_MAX_HEIGHT / lineHeight));
  const out: ReceiptBlock[] = [];
  for (let first = 0; first < lines.length; first += perPicture) {
    const chunk = lines.slice(first, first + perPicture);
    const height = chunk.length * lineHeight;
    const ctx = context(dots, height);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, dots, height);
    ctx.fillStyle = '#000';
    ctx.font = `${bold ? 700 : 400} ${size}px ${FAMILY}`;
    ctx.direction = dir;
    ctx.textBaseline = 'top';
    chunk.forEach((line, index) => {
      const y = index * lineHeight + LINE_GAP / 2;
      // With the direction set, 'start' is the right edge in Arabic and the left edge otherwise.
      const startX = dir === 'rtl' ? dots : 0;
      const endX = dir === 'rtl' ? 0 : dots;
      ctx.textAlign = line.align === 'center' ? 'center' : line.align;
      ctx.fillText(line.text, line.align === 'center' ? dots / 2 : line.align === 'start' ? startX : endX, y);
      if (line.end !== undefined) {
        ctx.textAlign = 'end';
        ctx.fillText(line.end, endX, y);
      }
    });
    out.push({ kind: 'image', width: dots, height, bits: toBits(ctx, dots, height) });
  }
  return out;
}

function rasterOne(block: ReceiptBlockInput, dots: number, dir: 'ltr' | 'rtl', language: string): ReceiptBlockInput[] {
  if (block.kind === 'text') {
    if (fitsPrinterText(block.text)) return [block];
    const size = FONT[block.size ?? 'normal'];
    const ctx = context(dots, size * 2);
    ctx.font = `${block.bold ? 700 : 400} ${size}px ${FAMILY}`;
    const lines = wrap(ctx, block.text, dots, language).map((text) => ({ text, align: block.align ?? 'start' }));
    return draw(lines, size, block.bold ?? false, dots, dir);
  }
  if (block.kind === 'pair') {
    if (fitsPrinterText(block.label + block.value)) return [block];
    const ctx = context(dots, FONT.normal * 2);
    ctx.font = `400 ${FONT.normal}px ${FAMILY}`;
    const together = ctx.measureText(`${block.label}  ${block.value}`).width <= dots;
    const lines: Line[] = together
      ? [{ text: block.label, align: 'start', end: block.value }]
      : [
          ...wrap(ctx, block.label, dots, language).map((text) => ({ text, align: 'start' as const })),
          { text: block.value, align: 'end' },
        ];
    return draw(lines, FONT.normal, false, dots, dir);
  }
  return [block];
}

/** The receipt as the printer can print it: text it has no code page for drawn as pictures. */
export function rasterize(
  blocks: readonly ReceiptBlockInput[],
  dots: number,
  dir: 'ltr' | 'rtl',
  language: string,
): ReceiptBlockInput[] {
  return blocks.flatMap((block) => rasterOne(block, dots, dir, language));
}
