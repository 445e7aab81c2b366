// Compatible devices: the full (deprecated) list and the lite list. No envelope meta.
import { Hono } from 'hono';
import { DEVICES } from '../data/devices.ts';

export function deviceRoutes(): Hono {
  const app = new Hono();
  const full = JSON.stringify({ data: DEVICES });
  const lite = JSON.stringify({ data: DEVICES.map(({ os, brand, name }) => ({ os, brand, name })) });
  const json = { 'content-type': 'application/json' };
  app.get('/v2/compatible-devices', (c) => c.body(full, 200, json));
  app.get('/v2/compatible-devices-lite', (c) => c.body(lite, 200, json));
  return app;
}
