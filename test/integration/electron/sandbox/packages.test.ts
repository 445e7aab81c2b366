import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PackagesResponse } from '../../../../electron/backend/partner/schemas/packages.ts';
import { ValidationErrorBody } from '../../../../electron/backend/partner/schemas/common.ts';
import { parseWith, startApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api.close());

describe('GET /v2/packages', () => {
  it('lists the whole catalogue without a limit: about 200 countries plus regions', async () => {
    const { status, body } = await api.json('GET', '/v2/packages');
    expect(status).toBe(200);
    const parsed = parseWith(PackagesResponse, body);
    const local = parsed.data.filter((e) => e.country_code !== '');
    const global = parsed.data.filter((e) => e.country_code === '');
    expect(local.length).toBeGreaterThanOrEqual(190);
    expect(global.length).toBeGreaterThanOrEqual(5);
    expect(new Set(local.map((e) => e.country_code)).size).toBe(local.length);
    expect(local.find((e) => e.country_code === 'FR')?.title).toBe('France');
    // Sim packages only without include=topup.
    expect(parsed.data.flatMap((e) => e.operators.flatMap((o) => o.packages)).every((p) => p.type === 'sim')).toBe(true);
    // No sandbox test package is listed.
    expect(JSON.stringify(body)).not.toContain('test-out-of-stock');
  });

  it('filters by country and type, and includes top-ups named <sim-id>-topup', async () => {
    const { body } = await api.json('GET', '/v2/packages?filter[type]=local&filter[country]=us&include=topup');
    const parsed = parseWith(PackagesResponse, body);
    expect(parsed.data).toHaveLength(1);
    const us = parsed.data[0]!;
    expect(us.country_code).toBe('US');
    expect(us.operators.length).toBeGreaterThanOrEqual(2);
    const pkgs = us.operators.flatMap((o) => o.packages);
    const topups = pkgs.filter((p) => p.type === 'topup');
    expect(topups.length).toBeGreaterThan(0);
    for (const t of topups) expect(pkgs.some((p) => p.type === 'sim' && `${p.id}-topup` === t.id)).toBe(true);
    expect(pkgs.some((p) => p.is_unlimited && p.amount === 0)).toBe(true);
    expect(pkgs.some((p) => p.voice !== null && p.text !== null)).toBe(true);
    for (const p of pkgs) {
      expect(p.net_price!.minor).toBeLessThan(p.price.minor);
      expect(p.prices?.recommended_retail_price.USD).toEqual(p.price);
      expect(Object.keys(p.prices?.net_price ?? {})).toEqual(expect.arrayContaining(['USD', 'EUR', 'GBP', 'JPY']));
    }
  });

  it('lists regional and global packages covering a country with filter[type]=global', async () => {
    const { body } = await api.json('GET', '/v2/packages?filter[type]=global&filter[country]=DE');
    const parsed = parseWith(PackagesResponse, body);
    expect(parsed.data.length).toBeGreaterThanOrEqual(2);
    for (const entry of parsed.data) {
      expect(entry.country_code).toBe('');
      const op = entry.operators[0]!;
      expect(op.type).toBe('global');
      expect(op.countries!.length).toBeGreaterThan(1);
      expect(op.countries!.map((c) => c.country_code)).toContain('DE');
    }
  });

  it('paginates with limit and page and Laravel links/meta', async () => {
    const { body } = await api.json('GET', '/v2/packages?limit=5&page=2&include=topup');
    const parsed = parseWith(PackagesResponse, body);
    expect(parsed.data).toHaveLength(5);
    expect(body.meta).toMatchObject({ current_page: 2, per_page: '5', from: 6, to: 10 });
    expect(body.meta.last_page).toBe(Math.ceil(body.meta.total / 5));
    expect(body.links.prev).toContain('page=1');
    expect(body.links.next).toContain('page=3');
    expect(body.links.next).toContain('include=topup');
    expect(body.links.next).toContain('language=en');
    const last = await api.json('GET', `/v2/packages?limit=5&page=${body.meta.last_page}`);
    expect(last.body.links.next).toBeNull();
  });

  it('rejects a non-integer limit with 422', async () => {
    const { status, body } = await api.json('GET', '/v2/packages?limit=abc');
    expect(status).toBe(422);
    expect(parseWith(ValidationErrorBody, body).data.limit).toBe('The limit must be an integer.');
  });

  it('is deterministic for a seed and different for another seed', async () => {
    const other = await startApi({ seed: 7 });
    const same = await startApi();
    try {
      const a = (await api.json('GET', '/v2/packages?filter[country]=JP')).body;
      const b = (await same.json('GET', '/v2/packages?filter[country]=JP')).body;
      const c = (await other.json('GET', '/v2/packages?filter[country]=JP')).body;
      const strip = (x: any) => JSON.stringify(x.data);
      expect(strip(a)).toBe(strip(b));
      expect(strip(a)).not.toBe(strip(c));
    } finally {
      await other.close();
      await same.close();
    }
  });
});
