import { describe, expect, it } from 'vitest';
import { localDate, staffName } from '../../../../shared/contract/base.ts';
import { methods } from '../../../../shared/contract.ts';

const problems = (result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('localDate', () => {
  it('takes the real days of 2000 to 2199', () => {
    for (const day of ['2000-01-01', '2026-11-27', '2028-02-29', '2199-12-31']) expect(localDate.parse(day)).toBe(day);
  });

  it('refuses, as a date problem, days no calendar has and years the store’s clock cannot work with', () => {
    for (const day of [
      '1999-12-31',
      '2200-01-01',
      '9999-12-31',
      '0000-01-01',
      '+275760-09-13',
      '2026-02-30',
      '2026-13-01',
      '2026-1-1',
    ]) {
      expect(problems(localDate.safeParse(day)), day).toEqual([': date']);
    }
  });

  it('holds in every method that takes a day', () => {
    expect(problems(methods['reports.day'].input.safeParse({ date: '9999-12-31' }))).toEqual(['date: date']);
    expect(problems(methods['reports.range'].input.safeParse({ from: '2026-01-01', to: '9999-12-31' }))).toContain('to: date');
    expect(problems(methods['close.csv'].input.safeParse({ date: '9999-12-31' }))).toEqual(['date: date']);
  });
});

describe('staffName', () => {
  it('is one line', () => {
    expect(problems(staffName.safeParse('Maria\nManager'))).toEqual([': text_chars']);
  });
});

describe('pricing.setRule', () => {
  const input = methods['pricing.setRule'].input;
  it('takes a country’s two-letter code, upper-cased, and any package id', () => {
    expect(input.parse({ scope: 'country', target: ' de ', rule: null })).toEqual({ scope: 'country', target: 'DE', rule: null });
    expect(input.parse({ scope: 'package', target: 'deu-7days-1gb', rule: null })).toMatchObject({ target: 'deu-7days-1gb' });
  });

  it('refuses a country target that is not a two-letter code', () => {
    for (const target of ['DEU', 'D', '12', 'Deutschland']) {
      expect(problems(input.safeParse({ scope: 'country', target, rule: null })), target).toEqual(['target: country']);
    }
  });
});
