import type { CliSpec } from './args.ts';

/** The options `npm run serve` and `npm start` share (`npm start` loads no backend to print its help). */
export const SERVE_OPTIONS = {
  port: { type: 'string', value: 'p', help: 'the port to serve the counter on, on 127.0.0.1 (default 4780; 0: any free one)' },
  'data-dir': { type: 'string', value: 'folder', help: 'the folder of the journal and settings (default: the app’s own)' },
} as const satisfies CliSpec['options'];
