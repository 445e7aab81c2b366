// eSIM vouchers and Airmoney vouchers.
import { Hono } from 'hono';
import { formatTimestamp } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { voucherCode } from '../domain/ids.ts';
import { intOf, readBody, str } from '../http/body.ts';
import { business, invalid, ok } from '../http/respond.ts';
import { chargeOf } from '../pricing.ts';

export function voucherRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.post('/v2/voucher/esim', async (c) => {
    const body = await readBody(c);
    const vouchers = Array.isArray(body.vouchers) ? (body.vouchers as Record<string, unknown>[]) : null;
    if (!vouchers || vouchers.length === 0) return invalid(c, { vouchers: 'The vouchers field is required.' });
    const fields: Record<string, string> = {};
    let cost = 0;
    vouchers.forEach((v, i) => {
      const id = v && typeof v === 'object' ? String(v.package_id ?? '') : '';
      const pkg = ctx.catalogue.packages.get(id);
      if (!pkg || pkg.type !== 'sim') fields[`vouchers.${i}.package_id`] = `The selected vouchers.${i}.package_id is invalid`;
      const q = intOf(v?.quantity);
      if (q === null || q < 1 || q > 100)
        fields[`vouchers.${i}.quantity`] = `The vouchers.${i}.quantity must be between 1 and 100.`;
      if (pkg && q !== null) cost += chargeOf(ctx, pkg) * q;
    });
    if (Object.keys(fields).length) return invalid(c, fields);
    if (cost > ctx.store.meta.balance) return business(c, 11, `vouchers cost ${cost.toFixed(2)} USD`);
    ctx.store.updateMeta((m) => (m.balance = Math.round((m.balance - cost) * 100) / 100));
    const now = ctx.clock.now();
    const data = vouchers.map((v) => {
      const packageId = String(v.package_id);
      const booking = v.booking_reference == null ? null : String(v.booking_reference);
      const codes = Array.from({ length: intOf(v.quantity) as number }, () => {
        const code = voucherCode();
        ctx.store.vouchers.put(code, {
          code,
          kind: 'esim',
          packageId,
          bookingReference: booking,
          amount: null,
          usageLimit: null,
          isPaid: null,
          createdAt: now,
        });
        return code;
      });
      return { package_id: packageId, codes, booking_reference: booking };
    });
    return ok(c, data);
  });

  app.post('/v2/voucher/airmoney', async (c) => {
    const body = await readBody(c);
    const fields: Record<string, string> = {};
    const code = str(body, 'voucher_code');
    const usageLimit = intOf(body.usage_limit);
    const amount = intOf(body.amount);
    const quantity = intOf(body.quantity);
    const paidRaw = body.is_paid;
    const isPaid = paidRaw === true || paidRaw === 'true' || paidRaw === '1' || paidRaw === 1;
    if (code && code.length > 255) fields.voucher_code = 'The voucher code may not be greater than 255 characters.';
    if (usageLimit === null || usageLimit < 1 || usageLimit > 100000)
      fields.usage_limit = 'The usage limit must be between 1 and 100000.';
    if (amount === null || amount < 1 || amount > 100000) fields.amount = 'The amount must be between 1 and 100000.';
    if (quantity === null || quantity < 1 || quantity > 100) fields.quantity = 'The quantity must be between 1 and 100.';
    else if (code && quantity !== 1) fields.quantity = 'The quantity must be 1 when a voucher code is given.';
    if (paidRaw === undefined || paidRaw === null) fields.is_paid = 'The is paid field is required.';
    if (code && ctx.store.vouchers.get(code)) fields.voucher_code = 'The voucher code has already been taken.';
    if (Object.keys(fields).length) return invalid(c, fields);
    const now = ctx.clock.now();
    const list = Array.from({ length: quantity as number }, (_, i) => {
      const value = code ?? voucherCode();
      ctx.store.vouchers.put(value, {
        code: value,
        kind: 'airmoney',
        packageId: null,
        bookingReference: null,
        amount,
        usageLimit,
        isPaid,
        createdAt: now,
      });
      return {
        id: ctx.store.vouchers.size + i,
        code: value,
        usage_limit: usageLimit,
        amount,
        is_paid: isPaid,
        created_at: formatTimestamp(now),
      };
    });
    return ok(c, [list]);
  });

  return app;
}
