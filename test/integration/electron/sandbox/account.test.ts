import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BalanceResponse, RefundResponse } from '../../../../electron/backend/partner/schemas/account.ts';
import { DevicesLiteResponse, DevicesResponse } from '../../../../electron/backend/partner/schemas/devices.ts';
import { ExchangeRatesResponse } from '../../../../electron/backend/partner/schemas/exchange-rates.ts';
import { ProductInformationResponse } from '../../../../electron/backend/partner/schemas/product-info.ts';
import { AirmoneyVoucherResponse, EsimVoucherResponse } from '../../../../electron/backend/partner/schemas/vouchers.ts';
import { order, packagesOf, parseWith, startApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  // More refund requests than the endpoint's 5 a minute are made here, each checking one answer.
  api = await startApi({ refundRateLimit: { requests: 20, windowSeconds: 60 } });
});
afterAll(async () => api.close());

describe('balance', () => {
  it('answers the documented shape and follows the control API', async () => {
    await api.control.setBalance(123.45);
    const b = parseWith(BalanceResponse, (await api.json('GET', '/v2/balance')).body).data.balances;
    expect(b).toEqual({ name: 'balance', availableBalance: { minor: 12345, currency: 'USD' } });
  });
});

describe('POST /v2/refund', () => {
  it('accepts a refund request for own eSIMs with 202', async () => {
    await api.control.setBalance(1000);
    const { sims } = await packagesOf(api, 'DE');
    const iccid = (await order(api, sims[0].id)).sims[0]!.iccid;
    const res = await api.json('POST', '/v2/refund', { body: { iccids: [iccid], reason: 'NO_COVERAGE', email: 'a@b.co' } });
    expect(res.status).toBe(202);
    expect(parseWith(RefundResponse, res.body).data.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('answers the documented 422s', async () => {
    const missing = await api.json('POST', '/v2/refund', { body: { reason: 'OTHERS' } });
    expect(missing.body).toEqual({ data: [], meta: { message: 'The iccids field is required.' } });
    const foreign = await api.json('POST', '/v2/refund', {
      body: { iccids: ['8944000000000000001', '8944000000000000002'], reason: 'NO_COVERAGE' },
    });
    expect(foreign.body.meta.message).toBe(
      'The following ICCIDs do not belong to your company: 8944000000000000001, 8944000000000000002',
    );
    const reason = await api.json('POST', '/v2/refund', { body: { iccids: ['1'], reason: 'BORED' } });
    expect(reason.body.data.reason).toMatch(
      /^The selected reason is invalid. It must be one of the following: INSTALLATION_FAILURE/,
    );
    const notes = await api.json('POST', '/v2/refund', { body: { iccids: ['1'], reason: 'OTHERS' } });
    expect(notes.body.data.notes).toBe('The notes field is required when reason is OTHERS.');
    const many = await api.json('POST', '/v2/refund', {
      body: { iccids: ['1', '2', '3', '4', '5', '6'], reason: 'OTHERS', notes: 'x' },
    });
    expect(many.body.data.iccids).toBe('The iccids may not have more than 5 items.');
  });
});

describe('exchange rates', () => {
  it('answers USD-based rates as strings, filtered with `to`, for a date', async () => {
    const res = parseWith(
      ExchangeRatesResponse,
      (await api.json('GET', '/v2/finance/exchange-rates?date=2025-01-30&to=EUR,GBP')).body,
    );
    expect(res.data.date).toBe('2025-01-30');
    expect(res.data.rates.map((r) => [r.from, r.to])).toEqual([
      ['USD', 'EUR'],
      ['USD', 'GBP'],
    ]);
    const raw = (await api.json('GET', '/v2/finance/exchange-rates?to=AUD')).body;
    expect(typeof raw.data.rates[0].mid).toBe('string');
    expect((await api.json('GET', '/v2/finance/exchange-rates?to=XYZ')).status).toBe(422);
    expect((await api.json('GET', '/v2/finance/exchange-rates?date=30-01-2025')).status).toBe(422);
  });
});

describe('product information', () => {
  it('answers {data} for a package and the documented 404', async () => {
    const { sims } = await packagesOf(api, 'JP');
    const info = parseWith(
      ProductInformationResponse,
      (await api.json('GET', `/v2/packages/${sims[0].id}/product-information`)).body,
    );
    expect(info.data.package_id).toBe(sims[0].id);
    expect(info.data.validity_days).toBe(sims[0].day);
    const again = (await api.json('GET', `/v2/packages/${sims[0].id}/product-information`)).body;
    expect(again.data.version_hash).toBe(info.data.version_hash);
    const missing = await api.json('GET', '/v2/packages/nope/product-information');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ data: [], meta: { message: 'Package not found for slug: nope' } });
  });
});

describe('vouchers', () => {
  it('issues eSIM voucher codes from JSON and form bodies and refuses an unknown package', async () => {
    await api.control.setBalance(1000);
    const { sims } = await packagesOf(api, 'FR');
    for (const encoding of ['json', 'multipart'] as const) {
      const res = await api.json('POST', '/v2/voucher/esim', {
        encoding,
        body: { vouchers: [{ package_id: sims[0].id, quantity: 2, booking_reference: 'bk-1' }] },
      });
      expect(res.status).toBe(200);
      const [v] = parseWith(EsimVoucherResponse, res.body).data;
      expect(v!.codes).toHaveLength(2);
      expect(v!.codes[0]).toMatch(/^[A-Z0-9]{8}$/);
      expect(v!.booking_reference).toBe('bk-1');
    }
    const bad = await api.json('POST', '/v2/voucher/esim', {
      encoding: 'json',
      body: { vouchers: [{ package_id: 'x', quantity: 1 }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({ 'vouchers.0.package_id': 'The selected vouchers.0.package_id is invalid' });
  });

  it('issues Airmoney vouchers', async () => {
    const res = await api.json('POST', '/v2/voucher/airmoney', {
      encoding: 'json',
      body: { usage_limit: 10, amount: 5, quantity: 2, is_paid: false },
    });
    expect(res.status).toBe(200);
    expect(parseWith(AirmoneyVoucherResponse, res.body).data[0]).toHaveLength(2);
    const bad = await api.json('POST', '/v2/voucher/airmoney', {
      encoding: 'json',
      body: { voucher_code: 'MINE', usage_limit: 10, amount: 5, quantity: 2, is_paid: true },
    });
    expect(bad.body.data.quantity).toMatch(/must be 1/);
  });
});

describe('compatible devices', () => {
  it('lists a few hundred real devices, full and lite, with both os values', async () => {
    const full = parseWith(DevicesResponse, (await api.json('GET', '/v2/compatible-devices')).body);
    expect(full.data.length).toBeGreaterThan(200);
    expect(new Set(full.data.map((d) => d.os))).toEqual(new Set(['ios', 'android']));
    for (const brand of ['Apple', 'Samsung', 'Google', 'Motorola', 'Xiaomi'])
      expect(full.data.some((d) => d.brand === brand)).toBe(true);
    expect(full.data.some((d) => d.name === 'iPhone 15 Pro')).toBe(true);
    const lite = (await api.json('GET', '/v2/compatible-devices-lite')).body;
    parseWith(DevicesLiteResponse, lite);
    expect(lite.data[0]).not.toHaveProperty('model');
    expect(lite.data).toHaveLength(full.data.length);
  });
});
