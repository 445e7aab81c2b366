import type { DeviceMatch } from '../../../../shared/esims.ts';

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * Whether a device answers every word the clerk typed (each word the start of one of the device's
 * words, or of the run-together name: "iphone15"). The search is typo-tolerant and always returns
 * its closest matches; only this says "supported" without the clerk picking one.
 */
export function answersQuery(query: string, device: DeviceMatch): boolean {
  const terms = words(query);
  if (terms.length === 0) return false;
  const own = words(`${device.brand} ${device.name} ${device.model ?? ''}`);
  const joined = own.join('');
  return terms.every((t) => own.some((w) => w.startsWith(t)) || joined.includes(t));
}
