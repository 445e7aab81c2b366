import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../../../../electron/backend/app.ts';
import { displayKeyOf, startWebHost, type WebHost } from '../../../../../electron/backend/web/host.ts';
import { displayKeyFor } from '../../../../../shared/display-key.ts';

let backend: Backend;
let host: WebHost;
const secret = 'test-secret-0123456789abcdef';

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'host-test-'));
  const staticDir = path.join(dir, 'static');
  fs.mkdirSync(staticDir);
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>shell</title>');
  backend = await createBackend({ dataDir: path.join(dir, 'data'), transport: 'browser' });
  host = await startWebHost({ backend, staticDir, secret });
});

async function signInAsClerk() {
  const staff = (await (await rpc('staff.list', {})).json()) as { value: Array<{ id: string; name: string }> };
  const clerk = staff.value.find((s) => s.name === 'Chris Clerk')!;
  const result = (await (await rpc('session.signIn', { staffId: clerk.id, pin: '1357' })).json()) as { ok: boolean };
  expect(result.ok).toBe(true);
}

afterAll(async () => {
  await host.close();
  await backend.close();
});

function rpc(method: string, body: unknown, headers: Record<string, string> = { Authorization: `Bearer ${secret}` }) {
  return fetch(`${host.origin}/rpc/${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** fetch will not let us lie about Host; a raw request can. */
function rawGet(pathname: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: host.port, path: pathname, method: 'GET', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('browser-mode host', () => {
  it('prints an address on loopback with the secret in the fragment', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/#key=${secret}`);
  });

  it('gives another program a one-time ticket, never the key, and exchanges it once', async () => {
    const launch = host.launchUrl();
    expect(launch).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/launch\\?ticket=[\\w-]{32}$`));
    expect(launch).not.toContain(secret);
    expect(host.launchUrl()).not.toBe(launch);
    const first = await fetch(launch, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/#key=${secret}`);
    expect(first.headers.get('cache-control')).toBe('no-store');
    // Spent: a program that read it from the browser's command line afterwards gets nothing.
    const again = await fetch(launch, { redirect: 'manual' });
    expect(again.status).toBe(403);
    expect(await again.text()).not.toContain(secret);
    expect((await fetch(`${host.origin}/launch?ticket=made-up`, { redirect: 'manual' })).status).toBe(403);
    expect((await fetch(`${host.origin}/launch`, { redirect: 'manual' })).status).toBe(403);
  });

  it('refuses staff methods before sign-in, and audits the refusal', async () => {
    const result = await (await rpc('catalog.packages', { country: 'JP' })).json();
    expect(result).toMatchObject({ ok: false, error: { code: 'signed_out' } });
    const audit = backend.db.prepare("SELECT action, subject, details FROM audit_log WHERE action = 'rpc.refused'").all();
    expect(audit).toContainEqual({ action: 'rpc.refused', subject: 'catalog.packages', details: '{"code":"signed_out"}' });
  });

  it('answers a call that carries the secret, once a clerk has signed in', async () => {
    await signInAsClerk();
    const response = await rpc('catalog.packages', { country: 'JP' });
    expect(response.status).toBe(200);
    const result = (await response.json()) as { ok: boolean; value: Array<{ countries: string[] }> };
    expect(result.ok).toBe(true);
    expect(result.value.length).toBeGreaterThan(0);
    expect(result.value.every((offer) => offer.countries.includes('JP'))).toBe(true);
  });

  it('refuses a call without the secret, or with a wrong one, with 401', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { Authorization: 'Bearer nope' },
      { Authorization: `Basic ${secret}` },
      { Authorization: `Bearer ${secret}x` },
    ]) {
      const response = await rpc('app.info', {}, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ ok: false, error: { code: 'not_connected' } });
    }
  });

  it('refuses a call from another site with 403, even with the secret', async () => {
    const response = await rpc('app.info', {}, { Authorization: `Bearer ${secret}`, Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const crossSite = await rpc('app.info', {}, { Authorization: `Bearer ${secret}`, 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
  });

  it('accepts its own origin', async () => {
    const response = await rpc('app.info', {}, { Authorization: `Bearer ${secret}`, Origin: host.origin });
    expect(response.status).toBe(200);
    // A plain object over HTTP, the journal's checkpoints off the main thread.
    expect(await response.json()).toMatchObject({
      ok: true,
      value: { name: 'eSIM Counter', transport: 'browser', journalCheckpoints: 'worker' },
    });
  });

  it('refuses a foreign Host header (DNS rebinding) on every route', async () => {
    expect(await rawGet('/', { Host: `evil.example:${host.port}` })).toBe(403);
    expect(await rawGet('/', { Host: 'localhost:1' })).toBe(403);
    expect(await rawGet('/', { Host: `localhost:${host.port}` })).toBe(200);
  });

  it('returns typed errors for an unknown method, a bad input and a body that is not JSON', async () => {
    expect(await (await rpc('sales.refundEverything', {})).json()).toMatchObject({
      ok: false,
      error: { code: 'unknown_method' },
    });
    const bad = (await (await rpc('catalog.packages', { country: 12 })).json()) as {
      ok: false;
      error: { code: string; fields: object };
    };
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    expect(Object.keys(bad.error.fields)).toContain('country');
    const notJson = await rpc('catalog.packages', '{"country":');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ ok: false, error: { code: 'bad_input' } });
  });

  it('serves the renderer with a content security policy', async () => {
    const response = await fetch(`${host.origin}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("connect-src 'self'");
    expect(await response.text()).toContain('<title>shell</title>');
    const route = await fetch(`${host.origin}/display`);
    expect(await route.text()).toContain('<title>shell</title>');
  });

  it('streams events only to a holder of the secret', async () => {
    expect((await fetch(`${host.origin}/events`)).status).toBe(401);
    const controller = new AbortController();
    const response = await fetch(`${host.origin}/events`, {
      headers: { Authorization: `Bearer ${secret}` },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('event: ready')) text += (await reader.read()).value ?? '';
    backend.events.emit('catalog.updated', { packageCount: 3 });
    while (!text.includes('event: catalog.updated')) text += (await reader.read()).value ?? '';
    expect(text).toContain('data: {"packageCount":3}');
    controller.abort();
  });

  it('gives the customer display a key of its own that reaches the display’s methods only, even with a clerk signed in', async () => {
    await signInAsClerk();
    const displayKey = await displayKeyFor(secret);
    expect(displayKey).toBe(displayKeyOf(secret));
    expect(displayKey).not.toBe(secret);
    const asDisplay = { Authorization: `Bearer ${displayKey}` };
    expect(await (await rpc('display.current', {}, asDisplay)).json()).toMatchObject({ ok: true });
    expect(await (await rpc('app.info', {}, asDisplay)).json()).toMatchObject({ ok: true });
    // The customer picks their language at the display: its one method that changes anything.
    expect(await (await rpc('display.setLanguage', { language: 'de' }, asDisplay)).json()).toMatchObject({
      ok: true,
      value: { customerLanguage: 'de' },
    });
    for (const method of [
      'sales.list',
      'staff.list',
      'session.current',
      'session.signOut',
      'session.setLanguage',
      'display.show',
      'audit.list',
    ]) {
      expect([method, await (await rpc(method, {}, asDisplay)).json()]).toMatchObject([
        method,
        { ok: false, error: { code: 'forbidden' } },
      ]);
    }
    // The counter's own key still reaches everything its session allows.
    expect(await (await rpc('sales.list', {})).json()).toMatchObject({ ok: true });
    expect(await (await rpc('display.current', {}, { Authorization: `Bearer ${displayKey}x` })).json()).toMatchObject({
      ok: false,
      error: { code: 'not_connected' },
    });
  });
});
