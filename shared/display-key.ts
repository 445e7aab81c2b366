/**
 * The customer display's key in browser mode, made from the launch's key: HMAC-SHA-256 of a fixed
 * label, base64url. The counter's tab (which holds the launch key) makes it to open the display;
 * the display's tab cannot get the launch key back from it, so it can call display methods only.
 * The main process makes the same key with Node's crypto, synchronously (web/host.ts).
 */
export const DISPLAY_KEY_LABEL = 'esim-counter customer display';

export async function displayKeyFor(launchKey: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(launchKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(DISPLAY_KEY_LABEL)));
  let binary = '';
  for (const byte of mac) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
