/** How a print request ended. In browser mode the backend cannot print: the page uses the browser's dialog. */
export type PrintResult =
  | { readonly handled: false }
  | { readonly handled: true; readonly printed: boolean; readonly message: string; readonly pdfPath?: string };
