// GET /qr: the QR-code image behind each eSIM's qrcode_url, signed and expiring like the real one,
// so the Demo environment can show a scannable code without any other service.
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import QRCode from 'qrcode';
import type { SandboxContext } from '../context.ts';
import { qrSignature, qrcodeOf } from '../domain/sims.ts';

export function qrRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  app.get('/qr', async (c) => {
    const id = Number(c.req.query('id'));
    const expires = Number(c.req.query('expires'));
    const signature = c.req.query('signature') ?? '';
    const expected = qrSignature(ctx, id, expires);
    const valid = signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
    if (!valid) return c.json({ message: 'Invalid signature.' }, 403);
    if (expires * 1000 < ctx.clock.now()) return c.json({ message: 'Link expired.' }, 403);
    const sim = ctx.store.sims.values().find((s) => s.id === id);
    if (!sim) return c.json({ message: 'Not found.' }, 404);
    const svg = await QRCode.toString(qrcodeOf(sim), { type: 'svg', margin: 2 });
    return c.body(svg, 200, { 'content-type': 'image/svg+xml' });
  });
  return app;
}
