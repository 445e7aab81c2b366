/**
 * IPC channel names, shared by the preload and the main process. No Electron import here: the
 * preload bundles this file, and the names are plain strings derived from the contract.
 */
import type { MethodName } from '../../shared/contract.ts';

/** One channel per contract method: `counter:<method>`. */
export const METHOD_CHANNEL_PREFIX = 'counter:';
/** The one channel the main process sends backend events on: (name, payload). */
export const EVENT_CHANNEL = 'counter:event';

export function channelFor(method: MethodName): string {
  return `${METHOD_CHANNEL_PREFIX}${method}`;
}
