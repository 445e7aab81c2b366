/** Whether a phone takes an eSIM, by its model's name. */
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';

export function devicesHandlers({ devices }: Pick<HandlerServices, 'devices'>): AreaHandlers<'devices'> {
  return { 'devices.search': ({ query, limit }) => devices.search(query, limit) };
}
