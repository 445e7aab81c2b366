import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BusinessErrorBody, NotFoundBody, ValidationErrorBody } from '../../../../electron/backend/partner/schemas/common.ts';
import {
  GetOrderResponse,
  OrderListResponse,
  OrderResponse,
  TopupOrderResponse,
} from '../../../../electron/backend/partner/schemas/orders.ts';
import { BalanceResponse } from '../../../../electron/backend/partner/schemas/account.ts';
import { order, packagesOf, parseWith, startApi, type Api } from './helpers.ts';

let api: Api;
beforeEach(async () => {
  api = await startApi();
});
afterEach(async () => api.close());

const TS = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('POST /v2/orders', () => {
  it.each(['multipart', 'urlencoded', 'json'] as const)(
    'places an order from a %s body with the documented shape',
    async (encoding) => {
      const { sims } = await packagesOf(api, 'DE');
      const pkg = sims[0];
      const { status, body } = await api.json('POST', '/v2/orders', {
        encoding,
        body: {
          package_id: pkg.id,
          quantity: 2,
          type: 'sim',
          description: 'sale-123',
          sharing_option: ['link'],
          to_email: 'a@b.co',
          copy_address: ['c@d.co'],
        },
      });
      expect(status).toBe(200);
      const parsed = parseWith(OrderResponse, body);
      const o = parsed.data;
      expect(body.meta.message).toBe('success');
      expect(o.code).toMatch(new RegExp(`^\\d{8}-${String(o.id).padStart(6, '0')}$`));
      expect(o.created_at).toMatch(TS);
      expect(o.package_id).toBe(pkg.id);
      expect(o.type).toBe('sim');
      expect(o.description).toBe('sale-123');
      expect(o.validity).toBe(pkg.day);
      // The schema turns the partner's decimals into Money in the order's currency.
      expect(body.data.price).toBe(pkg.price);
      expect(body.data.net_price).toBe(pkg.net_price);
      expect(o.price).toEqual({ minor: Math.round(pkg.price * 100), currency: 'USD' });
      expect(o.net_price).toEqual({ minor: Math.round(pkg.net_price * 100), currency: 'USD' });
      expect(o.package).toContain(pkg.title);
      expect(o.pricing_model).toBe('net_pricing');
      expect(Object.keys(o.installation_guides)).toEqual(expect.arrayContaining(['en', 'de', 'fr']));
      expect(o.sims).toHaveLength(2);
      for (const s of o.sims) {
        expect(s.qrcode).toBe(`LPA:1$${s.lpa}$${s.matching_id}`);
        expect(s.direct_apple_installation_url).toBe(`https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${s.qrcode}`);
        expect(s.qrcode_url).toMatch(/\/qr\?expires=\d+&id=\d+&signature=[0-9a-f]{64}$/);
        expect(body.data.sims[0]).toHaveProperty('imsis', null);
        expect(s.apn_type).toMatch(/automatic|manual/);
      }
      expect(new Set(o.sims.map((s) => s.iccid)).size).toBe(2);
      // The QR image is served and refuses a tampered signature.
      const qr = await fetch(o.sims[0]!.qrcode_url);
      expect(qr.status).toBe(200);
      expect(await qr.text()).toContain('<svg');
      expect((await fetch(o.sims[0]!.qrcode_url.replace(/signature=./, 'signature=x'))).status).toBe(403);
      // The e-mail share was recorded for the recipient and the copy.
      expect((await api.control.emails()).map((e) => e.to)).toEqual(['a@b.co', 'c@d.co']);
    },
  );

  it('echoes a quantity sent as a string as a string', async () => {
    const { sims } = await packagesOf(api, 'FR');
    const { body } = await api.json('POST', '/v2/orders', { encoding: 'json', body: { package_id: sims[0].id, quantity: '1' } });
    expect(body.data.quantity).toBe('1');
    const { body: b2 } = await api.json('POST', '/v2/orders', {
      encoding: 'json',
      body: { package_id: sims[0].id, quantity: 1 },
    });
    expect(b2.data.quantity).toBe(1);
  });

  it('reduces the balance by the net price of each order, and answers code 11 when it would go negative', async () => {
    const { sims } = await packagesOf(api, 'IT');
    const pkg = sims[0];
    const before = (await api.json('GET', '/v2/balance')).body;
    parseWith(BalanceResponse, before);
    await order(api, pkg.id, 3);
    const after = (await api.json('GET', '/v2/balance')).body;
    const amount = (b: any) => b.data.balances.availableBalance.amount;
    expect(amount(after)).toBeCloseTo(amount(before) - 3 * pkg.net_price, 2);
    await api.control.setBalance(pkg.net_price * 1.5);
    await order(api, pkg.id, 1);
    const { status, body } = await api.json('POST', '/v2/orders', { body: { package_id: pkg.id, quantity: 1 } });
    expect(status).toBe(422);
    expect(parseWith(BusinessErrorBody, body).code).toBe(11);
    expect(body.reason).toMatch(/^Insufficient Airalo Credit/);
    expect(await api.control.orders()).toHaveLength(2);
  });

  it('answers the documented 422 validation bodies', async () => {
    const { sims, topups } = await packagesOf(api, 'ES');
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { package_id: 'The package id field is required.', quantity: 'The quantity field is required.' }],
      [{ package_id: 'nope', quantity: 1 }, { package_id: 'The selected package is invalid.' }],
      [{ package_id: topups[0].id, quantity: 1 }, { package_id: 'The selected package is invalid.' }],
      [{ package_id: sims[0].id, quantity: 51 }, { quantity: 'The quantity may not be greater than 50.' }],
      [{ package_id: sims[0].id, quantity: 0 }, { quantity: 'The quantity must be at least 1.' }],
      [
        { package_id: sims[0].id, quantity: 1, brand_settings_name: 'Ghost' },
        { brand_settings_name: "Brand settings name doesn't exist." },
      ],
      [
        { package_id: sims[0].id, quantity: 1, to_email: 'x@y.z' },
        { sharing_option: 'The sharing option field is required when to email is present.' },
      ],
      [
        { package_id: sims[0].id, quantity: 1, to_email: 'x@y.z', sharing_option: ['fax'] },
        { 'sharing_option(1)': "Sharing option on position 1 is invalid. Available options are: 'link' and 'pdf'." },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await api.json('POST', '/v2/orders', { body });
      expect(res.status).toBe(422);
      const parsed = parseWith(ValidationErrorBody, res.body);
      expect(parsed.meta.message).toBe('the parameter is invalid');
      expect(parsed.data).toMatchObject(fields);
    }
    expect(await api.control.orders()).toHaveLength(0);
  });

  it('answers "SIM quantity is not available" when stock is short', async () => {
    const { sims } = await packagesOf(api, 'PT');
    await api.control.setStock(sims[0].id, 9);
    const res = await api.json('POST', '/v2/orders', { body: { package_id: sims[0].id, quantity: 10 } });
    expect(res.status).toBe(422);
    expect(res.body.data.quantity).toBe('SIM quantity is not available. Available quantity: 9.');
    await order(api, sims[0].id, 9);
    const again = await api.json('POST', '/v2/orders', { body: { package_id: sims[0].id, quantity: 1 } });
    expect(again.body.data.quantity).toBe('SIM quantity is not available. Available quantity: 0.');
  });

  it.each([
    ['test-insufficient-balance-7days-1gb', 11],
    ['test-maintenance-mode-7days-1gb', 13],
    ['test-not-enough-7days-1gb', 33],
    ['test-out-of-stock-7days-1gb', 34],
    ['test-unexpected-error-7days-1gb', 53],
  ])('%s forces business code %i', async (packageId, code) => {
    const { status, body } = await api.json('POST', '/v2/orders', { body: { package_id: packageId, quantity: 1 } });
    expect(status).toBe(422);
    const parsed = parseWith(BusinessErrorBody, body);
    expect(parsed.code).toBe(code);
    expect(parsed.reason.length).toBeGreaterThan(10);
    expect(Object.keys(body).sort()).toEqual(['code', 'reason']);
  });

  it('accepts a known brand and records its sharing link', async () => {
    const { sims } = await packagesOf(api, 'NL');
    const o = await order(api, sims[0].id, 1, { brand_settings_name: 'Demo Brand' });
    expect(o.brand_settings_name).toBe('Demo Brand');
    const sim = await api.json('GET', `/v2/sims/${o.sims[0]!.iccid}?include=share`);
    expect(sim.body.data.sharing.link).toMatch(/^https:\/\/esims\.cloud\/demo-brand\//);
  });
});

describe('POST /v2/orders/topups', () => {
  it('tops up an eSIM with the documented shape and a description naming the ICCID', async () => {
    const { sims, topups } = await packagesOf(api, 'GB');
    const o = await order(api, sims[0].id);
    const iccid = o.sims[0]!.iccid;
    const { status, body } = await api.json('POST', '/v2/orders/topups', {
      encoding: 'urlencoded',
      body: { package_id: topups[0].id, iccid },
    });
    expect(status).toBe(200);
    const t = parseWith(TopupOrderResponse, body).data;
    expect(t.type).toBe('topup');
    expect(t.esim_type).toBe('local');
    expect(t.description).toContain(iccid);
    expect(t.code).toMatch(/^\d{8}-\d{6}$/);
    expect(body.data).not.toHaveProperty('sims');
    expect(body.data.text).toBeNull();
    const withDescription = await api.json('POST', '/v2/orders/topups', {
      encoding: 'json',
      body: { package_id: topups[0].id, iccid, description: 'mine' },
    });
    expect(withDescription.body.data.description).toBe('mine');
  });

  it('answers the documented 422s: missing fields, invalid package, recycled eSIM, purchase limit, disabled top-up', async () => {
    const { sims, topups } = await packagesOf(api, 'JP');
    const o = await order(api, sims[0].id);
    const iccid = o.sims[0]!.iccid;
    const missing = await api.json('POST', '/v2/orders/topups', { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.data).toEqual({ iccid: 'The iccid field is required.', package_id: 'The package id field is required.' });
    const bad = await api.json('POST', '/v2/orders/topups', { body: { iccid, package_id: sims[0].id } });
    expect(bad.body.data).toEqual({ package_id: 'invalid topup package' });

    const limited = await startApi({ topupPurchaseLimit: 1 });
    try {
      const l = await packagesOf(limited, 'JP');
      const lo = await order(limited, l.sims[0].id);
      const first = await limited.json('POST', '/v2/orders/topups', {
        body: { iccid: lo.sims[0]!.iccid, package_id: l.topups[0].id },
      });
      expect(first.status).toBe(200);
      const second = await limited.json('POST', '/v2/orders/topups', {
        body: { iccid: lo.sims[0]!.iccid, package_id: l.topups[0].id },
      });
      expect(second.status).toBe(422);
      expect(second.body.data).toEqual({ package_id: 'validation.order_exceed_limit' });
    } finally {
      await limited.close();
    }

    const disabled = await order(api, 'test-disabled-top-up-7days-1gb');
    const d = await api.json('POST', '/v2/orders/topups', {
      body: { iccid: disabled.sims[0]!.iccid, package_id: 'test-disabled-top-up-7days-1gb-topup' },
    });
    expect(d.status).toBe(422);
    expect(d.body.code).toBe(23);

    await api.control.recycle(iccid);
    const recycled = await api.json('POST', '/v2/orders/topups', { body: { iccid, package_id: topups[0].id } });
    expect(recycled.status).toBe(422);
    expect(parseWith(BusinessErrorBody, recycled.body)).toEqual({
      code: 73,
      reason: `The eSIM with iccid ${iccid} has been recycled. It can no longer be used or topped up.`,
    });
  });
});

describe('GET /v2/orders and /v2/orders/{id}', () => {
  it('lists orders newest first with pagination, include and every filter', async () => {
    const { sims, topups } = await packagesOf(api, 'TH');
    const a = await order(api, sims[0].id, 1, { description: 'sale-AAA' });
    const b = await order(api, sims[1].id, 2, { description: 'sale-BBB' });
    await api.json('POST', '/v2/orders/topups', { body: { iccid: a.sims[0]!.iccid, package_id: topups[0].id } });

    const all = parseWith(OrderListResponse, (await api.json('GET', '/v2/orders?include=sims,user,status&limit=2')).body);
    expect(all.meta.total).toBe(3);
    expect(all.meta.per_page).toBe('2');
    expect(all.data).toHaveLength(2);
    expect(all.data[0]!.type).toBe('topup');
    expect(all.data[0]!.sims).toEqual([]);
    expect(all.data[1]!.sims).toHaveLength(2);
    expect(all.data[1]!.status).toEqual({ name: 'Completed', slug: 'completed' });
    const raw = (await api.json('GET', '/v2/orders?limit=2')).body;
    expect(typeof raw.data[1].price).toBe('string');
    expect(raw.data[1].price).toMatch(/^\d+\.\d{2}$/);
    expect(typeof raw.data[1].validity).toBe('string');
    expect(raw.data[1]).not.toHaveProperty('sims');

    const byDescription = (await api.json('GET', '/v2/orders?filter[description]=AAA')).body;
    expect(byDescription.data.map((o: any) => o.id)).toEqual([a.id]);
    const byCode = (await api.json('GET', `/v2/orders?filter[code]=${b.code}`)).body;
    expect(byCode.data.map((o: any) => o.id)).toEqual([b.id]);
    const byIccid = (await api.json('GET', `/v2/orders?filter[iccid]=${b.sims[1]!.iccid}`)).body;
    expect(byIccid.data.map((o: any) => o.id)).toEqual([b.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await api.json('GET', `/v2/orders?filter[created_at]=${today} - ${today}`)).body.meta.total).toBe(3);
    expect((await api.json('GET', '/v2/orders?filter[created_at]=2020-01-01 - 2020-01-02')).body.meta.total).toBe(0);
    expect((await api.json('GET', '/v2/orders?filter[order_status]=completed')).body.meta.total).toBe(3);
    expect((await api.json('GET', '/v2/orders?filter[order_status]=refunded')).body.meta.total).toBe(0);
    const badLimit = await api.json('GET', '/v2/orders?limit=x&page=y');
    expect(badLimit.status).toBe(422);
    expect(badLimit.body.data).toEqual({ limit: 'The limit must be an integer.', page: 'The page must be an integer.' });
  });

  it('gets one order with includes, and 404 for an unknown id', async () => {
    const { sims } = await packagesOf(api, 'BR');
    const a = await order(api, sims[0].id);
    const got = parseWith(GetOrderResponse, (await api.json('GET', `/v2/orders/${a.id}?include=sims,status`)).body);
    expect(got.data.code).toBe(a.code);
    expect(got.data.sims?.[0]?.iccid).toBe(a.sims[0]!.iccid);
    const missing = await api.json('GET', '/v2/orders/999999999');
    expect(missing.status).toBe(404);
    parseWith(NotFoundBody, missing.body);
  });
});
