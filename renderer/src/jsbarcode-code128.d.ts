/** The one encoder of JsBarcode the renderer uses (ui/Barcode.tsx); the package types only its whole. */
declare module 'jsbarcode/bin/barcodes/CODE128/index.js' {
  export class CODE128 {
    constructor(data: string, options: object);
    valid(): boolean;
    encode(): { data: string; text: string };
  }
}
