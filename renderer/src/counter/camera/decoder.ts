/**
 * Reads Code 128 barcodes and QR codes from a video frame: the browser's own BarcodeDetector where
 * it has both formats (macOS, ChromeOS, Android), else ZXing, loaded only when the camera opens so
 * the counter's first paint does not carry it.
 */
import type { DecodeHintType } from '@zxing/library';

/** Every code read in one frame (none, one, or the voucher's QR and barcode together). */
export type FrameDecoder = (video: HTMLVideoElement) => Promise<string[]>;

type DetectedBarcode = { readonly rawValue: string };
type BarcodeDetectorLike = { detect(source: CanvasImageSource): Promise<DetectedBarcode[]> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
};

const FORMATS = ['code_128', 'qr_code'];

async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const supported = await Detector.getSupportedFormats();
    if (!FORMATS.every((format) => supported.includes(format))) return null;
    const detector = new Detector({ formats: FORMATS });
    return async (video) => (await detector.detect(video)).map((code) => code.rawValue);
  } catch {
    return null;
  }
}

async function zxingDecoder(): Promise<FrameDecoder> {
  const [{ BrowserMultiFormatOneDReader, BrowserQRCodeReader }, zxing] = await Promise.all([
    import('@zxing/browser'),
    import('@zxing/library'),
  ]);
  const hints = new Map<DecodeHintType, unknown>([
    [zxing.DecodeHintType.POSSIBLE_FORMATS, [zxing.BarcodeFormat.CODE_128]],
    [zxing.DecodeHintType.TRY_HARDER, true],
  ]);
  // One reader per format: ZXing's multi-format reader stops at the first code it finds, and on a
  // voucher that is the install QR above the ICCID's barcode.
  const readers = [new BrowserMultiFormatOneDReader(hints), new BrowserQRCodeReader()];
  const canvas = document.createElement('canvas');
  return (video) => {
    if (video.videoWidth === 0 || video.videoHeight === 0) return Promise.resolve([]);
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d', { willReadFrequently: true })?.drawImage(video, 0, 0);
    const texts: string[] = [];
    for (const reader of readers) {
      try {
        texts.push(reader.decodeFromCanvas(canvas).getText());
      } catch {
        // ZXing throws when a frame holds no code of its format (NotFound, a failed checksum).
      }
    }
    return Promise.resolve(texts);
  };
}

export async function makeFrameDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? (await zxingDecoder());
}
