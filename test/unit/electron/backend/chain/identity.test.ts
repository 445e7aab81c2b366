import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isOtherCountersOrder,
  joinConnectionUrl,
  parseReference,
  readChainConfig,
  splitConnectionUrl,
  writeChainConfig,
} from '../../../../../electron/backend/chain/identity.ts';
import { newReference } from '../../../../../electron/backend/orders/reference.ts';

describe("a counter's ids", () => {
  it('are made once at the first start, owner-only, and kept', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-id-'));
    const first = readChainConfig(dir);
    expect(first).toMatchObject({ storeId: 'STORE', server: null });
    expect(first.counterId).toMatch(/^[0-9A-Z]{4}$/);
    expect(readChainConfig(dir)).toEqual(first);
    if (process.platform !== 'win32') expect(fs.statSync(path.join(dir, 'chain.json')).mode & 0o777).toBe(0o600);
    writeChainConfig(dir, { ...first, storeId: 'LHR-T5', counterId: 'K2' });
    expect(readChainConfig(dir)).toMatchObject({ storeId: 'LHR-T5', counterId: 'K2' });
  });

  it('refuse a damaged chain file rather than give the counter new ids', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-id-'));
    fs.writeFileSync(path.join(dir, 'chain.json'), '{ nope');
    expect(() => readChainConfig(dir)).toThrow(/cannot be read/);
    expect(fs.readFileSync(path.join(dir, 'chain.json'), 'utf8')).toBe('{ nope');
  });
});

describe('references', () => {
  it('carry the store and the counter, and old ones stay readable', () => {
    const at = Date.parse('2026-11-20T10:00:00Z');
    const tagged = newReference(at, 'EC', 'LHR-T5.K2');
    expect(tagged).toMatch(/^EC-LHR-T5\.K2-20261120-[0-9A-Z]{8}$/);
    expect(parseReference(tagged)).toEqual({ prefix: 'EC', storeId: 'LHR-T5', counterId: 'K2', date: '20261120' });
    expect(parseReference(newReference(at, 'TU'))).toEqual({ prefix: 'TU', storeId: null, counterId: null, date: '20261120' });
    expect(parseReference('Order placed via Airalo Node.js SDK')).toBeNull();
  });

  it("tell another counter's orders from this one's, and claim nothing they cannot tell", () => {
    const at = Date.parse('2026-11-20T10:00:00Z');
    expect(isOtherCountersOrder(newReference(at, 'EC', 'LHR.K2'), 'LHR.K1')).toBe(true);
    expect(isOtherCountersOrder(newReference(at, 'TU', 'JFK.K1'), 'LHR.K1')).toBe(true);
    expect(isOtherCountersOrder(newReference(at, 'EC', 'LHR.K1'), 'LHR.K1')).toBe(false);
    expect(isOtherCountersOrder(newReference(at, 'EC'), 'LHR.K1')).toBe(false);
    expect(isOtherCountersOrder('Topup (8944…)', 'LHR.K1')).toBe(false);
    expect(isOtherCountersOrder(null, 'LHR.K1')).toBe(false);
  });
});

describe('the head office URL', () => {
  it('is kept without its password, which goes back in only for the client', () => {
    const split = splitConnectionUrl(' postgres://esim_store_LHR:p%40ss%2Fw@db.example.com:5432/chain?sslmode=require ');
    expect(split).toEqual({ url: 'postgres://esim_store_LHR@db.example.com:5432/chain?sslmode=require', password: 'p@ss/w' });
    const back = new URL(joinConnectionUrl(split!.url, split!.password));
    expect(decodeURIComponent(back.password)).toBe('p@ss/w');
    expect(splitConnectionUrl('https://example.com')).toBeNull();
    expect(splitConnectionUrl('postgres://db.example.com/chain')).toBeNull();
  });
});
