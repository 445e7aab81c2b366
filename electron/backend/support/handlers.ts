/** The support file, saved in the data folder for a manager to send on. */
import type { AreaHandlers } from '../rpc.ts';
import type { HandlerServices } from '../services.ts';
import { buildSupportFile } from './support-file.ts';

export function supportHandlers(services: Pick<HandlerServices, 'info' | 'dataDir'>): AreaHandlers<'support'> {
  const { info, dataDir } = services;
  return {
    'support.file': () => buildSupportFile({ dataDir, version: info.version }),
  };
}
