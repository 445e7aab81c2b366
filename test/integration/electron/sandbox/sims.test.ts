import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotFoundBody, RateLimitedBody, ValidationErrorBody } from '../../../../electron/backend/partner/schemas/common.ts';
import {
  BrandResponse,
  InstructionsResponse,
  PackageHistoryResponse,
  SimListResponse,
  SimResponse,
  TopupPackagesResponse,
  UsageResponse,
} from '../../../../electron/backend/partner/schemas/sims.ts';
import { order, packagesOf, parseWith, startApi, type Api } from './helpers.ts';

let api: Api;
beforeEach(async () => {
  api = await startApi();
});
afterEach(async () => api.close());

const DAY = 86_400_000;
const WINDOW = 15 * 60_000;

async function usage(iccid: string, version: 1 | 2 = 2) {
  const res = await api.json('GET', `/v${version}/sims/${iccid}/usage`);
  await api.control.advanceClock(WINDOW);
  return res;
}

describe('GET /v2/sims and /v2/sims/{iccid}', () => {
  it('gets one eSIM with includes', async () => {
    const { sims } = await packagesOf(api, 'DE');
    const o = await order(api, sims[0].id, 1, { description: 'x' });
    const iccid = o.sims[0]!.iccid;
    const plain = parseWith(SimResponse, (await api.json('GET', `/v2/sims/${iccid}`)).body).data;
    expect(plain.iccid).toBe(iccid);
    expect(plain.recycled).toBe(false);
    expect(plain.recycled_at).toBeNull();
    expect(plain.order).toBeNull();
    expect(plain.simable?.code).toBe(o.code);
    const full = parseWith(
      SimResponse,
      (await api.json('GET', `/v2/sims/${iccid}?include=order,order.status,order.user,share`)).body,
    ).data;
    expect(full.order?.id).toBe(o.id);
    expect(full.order?.status?.slug).toBe('completed');
    expect(full.order?.user?.company).toBeTruthy();
    expect(full.sharing).toEqual({ link: null, access_code: null });
    const missing = await api.json('GET', '/v2/sims/8900000000000000000');
    expect(missing.status).toBe(404);
  });

  it('lists eSIMs with pagination and filters', async () => {
    const { sims } = await packagesOf(api, 'FR');
    const o = await order(api, sims[0].id, 3);
    const list = parseWith(SimListResponse, (await api.json('GET', '/v2/sims?limit=2&include=order')).body);
    expect(list.meta.total).toBe(3);
    expect(list.data).toHaveLength(2);
    expect(list.links.next).toContain('page=2');
    const one = (await api.json('GET', `/v2/sims?filter[iccid]=${o.sims[2]!.iccid.slice(-6)}`)).body;
    expect(one.data.map((s: any) => s.iccid)).toEqual([o.sims[2]!.iccid]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await api.json('GET', `/v2/sims?filter[created_at]=${today} - ${today}`)).body.meta.total).toBe(3);
    const bad = await api.json('GET', '/v2/sims?limit=abc');
    expect(bad.status).toBe(422);
    expect(parseWith(ValidationErrorBody, bad.body).data.limit).toBe('The limit must be an integer.');
  });
});

describe('usage', () => {
  it('answers on v1 (five fields) and v2 (with voice and text)', async () => {
    const { sims } = await packagesOf(api, 'IT');
    const iccid = (await order(api, sims[0].id)).sims[0]!.iccid;
    const v1 = (await usage(iccid, 1)).body;
    expect(Object.keys(v1.data).sort()).toEqual(['expired_at', 'is_unlimited', 'remaining', 'status', 'total']);
    const v2 = parseWith(UsageResponse, (await usage(iccid, 2)).body).data;
    expect(v2).toMatchObject({ status: 'NOT_ACTIVE', total: sims[0].amount, remaining: sims[0].amount, is_unlimited: false });
    expect(v2.remaining_voice).toBe(0);
  });

  it('404 for an unknown ICCID; 429 with Retry-After in seconds for a second read within 15 minutes', async () => {
    const missing = await api.json('GET', '/v2/sims/8944000000000000000/usage');
    expect(missing.status).toBe(404);
    expect(parseWith(NotFoundBody, missing.body).meta.message).toBe('messages.resource_not_found');

    const { sims } = await packagesOf(api, 'ES');
    const iccid = (await order(api, sims[0].id)).sims[0]!.iccid;
    expect((await api.json('GET', `/v1/sims/${iccid}/usage`)).status).toBe(200);
    await api.control.advanceClock(5 * 60_000);
    const limited = await api.json('GET', `/v2/sims/${iccid}/usage`);
    expect(limited.status).toBe(429);
    const retry = Number(limited.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(590);
    expect(retry).toBeLessThanOrEqual(600);
    expect(parseWith(RateLimitedBody, limited.body)).toEqual({ message: 'Too Many Attempts.' });
    await api.control.advanceClock(retry * 1000);
    expect((await api.json('GET', `/v2/sims/${iccid}/usage`)).status).toBe(200);
  });

  it('moves NOT_ACTIVE → ACTIVE → FINISHED, top-ups add allowance, then EXPIRED after the validity', async () => {
    const { sims, topups } = await packagesOf(api, 'US');
    const pkg = sims.find((p) => !p.is_unlimited)!;
    const iccid = (await order(api, pkg.id)).sims[0]!.iccid;
    expect((await usage(iccid)).body.data.status).toBe('NOT_ACTIVE');
    await api.control.useData(iccid, 100);
    let u = (await usage(iccid)).body.data;
    expect(u).toMatchObject({ status: 'ACTIVE', remaining: pkg.amount - 100, total: pkg.amount });
    expect(u.expired_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await api.control.useData(iccid, pkg.amount);
    u = (await usage(iccid)).body.data;
    expect(u).toMatchObject({ status: 'FINISHED', remaining: 0 });
    const topup = topups.find((t) => !t.is_unlimited)!;
    expect((await api.json('POST', '/v2/orders/topups', { body: { iccid, package_id: topup.id } })).status).toBe(200);
    u = (await usage(iccid)).body.data;
    expect(u).toMatchObject({ status: 'ACTIVE', remaining: topup.amount });
    await api.control.advanceClock(topup.day * DAY);
    u = (await usage(iccid)).body.data;
    expect(u.status).toBe('EXPIRED');
  });

  it('reports unlimited packages with zero totals', async () => {
    const { sims } = await packagesOf(api, 'US');
    const unlimited = sims.find((p) => p.is_unlimited)!;
    const iccid = (await order(api, unlimited.id)).sims[0]!.iccid;
    await api.control.useData(iccid, 50_000);
    expect((await usage(iccid)).body.data).toMatchObject({ status: 'ACTIVE', remaining: 0, total: 0, is_unlimited: true });
  });

  it('recycles an eSIM that is not installed within the install window', async () => {
    const { sims, operator } = await packagesOf(api, 'CA');
    const iccid = (await order(api, sims[0].id)).sims[0]!.iccid;
    await api.control.advanceClock(operator.install_window_days * DAY + 1000);
    const sim = (await api.json('GET', `/v2/sims/${iccid}`)).body.data;
    expect(sim.recycled).toBe(true);
    expect(sim.recycled_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await usage(iccid)).body.data.status).toBe('EXPIRED');
    const topups = await api.json('GET', `/v2/sims/${iccid}/topups`);
    expect(topups.status).toBe(422);
    expect(topups.body.code).toBe(73);
  });

  it('answers RECYCLED for a recycled eSIM when configured like the docs', async () => {
    const docs = await startApi({ recycledUsage: 'docs' });
    try {
      const { sims } = await packagesOf(docs, 'MX');
      const iccid = (await order(docs, sims[0].id)).sims[0]!.iccid;
      await docs.control.recycle(iccid);
      const u = (await docs.json('GET', `/v2/sims/${iccid}/usage`)).body.data;
      expect(u).toMatchObject({ status: 'RECYCLED', remaining: 0, total: 0, expired_at: null, is_unlimited: null });
    } finally {
      await docs.close();
    }
  });
});

describe('top-up list, package history, instructions, brand', () => {
  it('lists the top-ups of an eSIM and its package history', async () => {
    const { sims, topups } = await packagesOf(api, 'GB');
    const iccid = (await order(api, sims[0].id)).sims[0]!.iccid;
    const list = parseWith(TopupPackagesResponse, (await api.json('GET', `/v2/sims/${iccid}/topups`)).body);
    expect(list.pricing?.model).toBe('net_pricing');
    expect(list.data.map((p) => p.id).sort()).toEqual(topups.map((t) => t.id).sort());
    expect(list.data.every((p) => p.type === 'topup')).toBe(true);
    expect((await api.json('GET', '/v2/sims/123/topups')).status).toBe(404);

    await api.control.useData(iccid, 10);
    await api.json('POST', '/v2/orders/topups', { body: { iccid, package_id: topups[0].id } });
    const history = parseWith(PackageHistoryResponse, (await api.json('GET', `/v2/sims/${iccid}/packages`)).body);
    expect(history.data.map((h) => h.package.type)).toEqual(['sim', 'topup']);
    expect(history.data[0]!.status).toBe('ACTIVE');
    expect(history.data[0]!.activated_at).toMatch(/\+00:00$/);
    expect(history.data[1]!.status).toBe('NOT_ACTIVE');
    expect((await api.json('GET', '/v2/sims/123/packages')).status).toBe(404);
  });

  it('gives installation instructions in the language of Accept-Language', async () => {
    const { sims } = await packagesOf(api, 'DE');
    const o = await order(api, sims[0].id);
    const iccid = o.sims[0]!.iccid;
    const en = parseWith(InstructionsResponse, (await api.json('GET', `/v2/sims/${iccid}/instructions`)).body).data.instructions;
    expect(en.language).toBe('EN');
    expect(en.ios.length).toBeGreaterThan(0);
    expect(en.android.length).toBeGreaterThan(0);
    expect(Object.keys(en.ios[0]!.installation_via_qr_code.steps)[0]).toBe('1');
    expect(en.ios[0]!.installation_via_qr_code.direct_apple_installation_url).toContain('esimsetup.apple.com');
    expect(en.android[0]!.installation_via_qr_code).not.toHaveProperty('direct_apple_installation_url');
    expect(en.ios[0]!.installation_via_qr_code.qr_code_data).toBe(`LPA:1$lpa.airalo.com$${(o.sims[0] as any).matching_id}`);
    for (const [header, lang, word] of [
      ['de-DE,de;q=0.9', 'DE', 'Einstellungen'],
      ['fr', 'FR', 'Réglages'],
      ['es-419', 'ES', 'Ajustes'],
      ['xx', 'EN', 'Settings'],
    ] as const) {
      const res = await api.json('GET', `/v2/sims/${iccid}/instructions`, { headers: { 'accept-language': header } });
      expect(res.body.data.instructions.language).toBe(lang);
      expect(JSON.stringify(res.body.data.instructions.ios)).toContain(word);
    }
    expect((await api.json('GET', '/v2/sims/1/instructions')).status).toBe(404);
  });

  it.each(['multipart', 'urlencoded', 'json'] as const)('updates the brand with a %s PUT body', async (encoding) => {
    const { sims } = await packagesOf(api, 'AT');
    const iccid = (await order(api, sims[0].id)).sims[0]!.iccid;
    const res = await api.json('PUT', `/v2/sims/${iccid}/brand`, { encoding, body: { brand_settings_name: 'eSIM Counter' } });
    expect(res.status).toBe(200);
    expect(parseWith(BrandResponse, res.body).data.brand_settings_name).toBe('eSIM Counter');
    expect((await api.json('GET', `/v2/sims/${iccid}`)).body.data.brand_settings_name).toBe('eSIM Counter');
    const unknown = await api.json('PUT', `/v2/sims/${iccid}/brand`, { encoding, body: { brand_settings_name: 'Nope' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.brand_settings_name).toBe("Brand settings name doesn't exist.");
    const cleared = await api.json('PUT', `/v2/sims/${iccid}/brand`, { encoding: 'json', body: { brand_settings_name: null } });
    expect(cleared.body.data.brand_settings_name).toBeNull();
    expect((await api.json('PUT', '/v2/sims/1/brand', { encoding, body: { brand_settings_name: 'x' } })).status).toBe(404);
  });
});
