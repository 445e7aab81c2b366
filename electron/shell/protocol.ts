/**
 * Serves the built renderer from app://counter/ instead of file://, confined to its folder: a
 * request that resolves outside it (../ or an encoded variant) is refused.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Net, Protocol } from 'electron';
import { APP_HOST, APP_SCHEME, CONTENT_SECURITY_POLICY } from './security.ts';

export function resolveAppFile(rendererDir: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  const root = path.resolve(rendererDir);
  const file = path.resolve(root, '.' + (pathname === '/' || !path.extname(pathname) ? '/index.html' : pathname));
  return file.startsWith(root + path.sep) ? file : null;
}

export function registerAppProtocol(protocol: Protocol, net: Net, rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(rendererDir, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
