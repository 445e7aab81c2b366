/**
 * Payloads for a contract method, made from its input schema: each field mostly a value the schema
 * takes (so the call gets past the parse and into the handler), sometimes one at the edge of what
 * the app can work with, sometimes hostile text, a number no field wants or a value of the wrong
 * type. Reads zod 4's schema definitions; a kind of schema it does not know gets any value at all.
 */
import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Values from the running counter a field may name (its sales, packages, eSIMs), by field name;
 * `only`: the field's good values come from the pool alone (a printer's address: never a real one).
 */
export type Pools = Readonly<Record<string, { readonly values: readonly unknown[]; readonly only?: boolean }>>;

type Def = {
  type: string;
  format?: string;
  pattern?: RegExp;
  checks?: Array<{ _zod: { def: { check: string; value?: number; minimum?: number; maximum?: number; format?: string } } }>;
  [key: string]: unknown;
};
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

const LONE_SURROGATES = ['\ud800', '\udfff', 'a\udc00b', '\ud83d'];
const CONTROLS = ['\u0000', 'Bo\u0000b', '\u0001', '\u001b[31m', '\u007f', '\u0085', '\u009b', '\r\n', '\t', '\u000b', '\f'];
const ODD_BUT_FINE = ['\u200f', '\u202e', '\u2066', '\ufeff', '\u{1f600}', '\u{10ffff}', '\u{e0041}', 'e\u0301', '\u2028'];

/** Text from the whole of Unicode, broken pieces and controls included. */
export const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 12 }),
  fc.constantFrom(...LONE_SURROGATES, ...CONTROLS, ...ODD_BUT_FINE, '', ' ', 'x'.repeat(5000)),
);

/** Dates no shop will ever report on, days no calendar has, and years past what Date can print. */
export const extremeDate = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('9999-12-31', '9999-01-01', '0000-01-01', '1999-12-31', '2200-01-01') },
  { weight: 2, arbitrary: fc.constantFrom('2026-02-30', '2026-13-01', '2025-02-29', '2026-1-1', '20261124') },
  { weight: 1, arbitrary: fc.constantFrom('+275760-09-13', '-000001-01-01', '275760-09-13') },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 9999 }).map((y) => `${String(y).padStart(4, '0')}-12-31`) },
);
const extremeInstant = fc.oneof(
  extremeDate.map((d) => `${d}T00:00:00Z`),
  fc.constantFrom('9999-12-31T23:59:59.999+14:00', '0000-01-01T00:00:00-12:00', '2026-11-24T24:00:00Z'),
);

/** Numbers at and past every edge (NaN and Infinity reach the desktop app through IPC, not JSON). */
export const extremeNumber = fc.constantFrom(
  1e308,
  -1e308,
  -0,
  2 ** 53 + 1,
  -(2 ** 53 + 1),
  Number.MIN_VALUE,
  0.5,
  -1,
  1e21,
  Number.NaN,
  Number.POSITIVE_INFINITY,
);

/** A value of any type, at its edges. */
export const anyValue = fc.oneof(
  anyText,
  extremeNumber,
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, [], {}, '__proto__', 'constructor', "'; DROP TABLE sales; --", '../../etc/passwd'),
  fc.array(fc.string(), { maxLength: 3 }),
);

/** Somewhere in otherwise good text, one character the journal cannot keep (or one it can, but odd). */
const withOddCharacter = (good: fc.Arbitrary<string>) =>
  fc
    .tuple(good, fc.constantFrom(...LONE_SURROGATES, ...CONTROLS, ...ODD_BUT_FINE), fc.nat())
    .map(([text, odd, at]) => text.slice(0, at % (text.length + 1)) + odd + text.slice(at % (text.length + 1)));

const check = (def: Def, name: string) => def.checks?.map((c) => c._zod.def).find((c) => c.check === name);

function goodString(def: Def): fc.Arbitrary<string> {
  const validDay = fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  switch (def.format) {
    case 'date':
      return fc.oneof(validDay, fc.constantFrom('2026-11-24', '2026-11-27'));
    case 'datetime':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2199-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'url':
      return fc.webUrl();
  }
  const pattern = def.pattern ?? check(def, 'string_format')?.['pattern' as never];
  if (pattern) return fc.stringMatching(pattern as RegExp).map((s) => s.slice(0, 200));
  const min = check(def, 'min_length')?.minimum ?? 0;
  const max = Math.min(check(def, 'max_length')?.maximum ?? 60, 60);
  return fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, max) });
}

function goodNumber(def: Def): fc.Arbitrary<number> {
  const min = check(def, 'greater_than')?.value ?? -1e6;
  const max = check(def, 'less_than')?.value ?? 1e6;
  if (check(def, 'number_format')?.format === 'safeint') {
    return fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 31))), max: Math.floor(Math.min(max, 2 ** 31)) });
  }
  const step = check(def, 'multiple_of')?.value;
  if (step)
    return fc.integer({ min: Math.ceil(min / step), max: Math.floor(max / step) }).map((n) => Number((n * step).toFixed(6)));
  return fc.double({ min, max, noNaN: true });
}

/** Mostly what the field takes, sometimes what it should refuse. */
const mostlyGood = <T>(good: fc.Arbitrary<T>, edge: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 6, arbitrary: good }, { weight: 2, arbitrary: edge }, { weight: 1, arbitrary: anyValue });

/** A value for `schema`; `field` is the key it is under, to draw on the pools by name. */
export function arbitraryFor(schema: z.ZodType, pools: Pools, field = ''): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const pool = pools[field];
  if (pool?.only) {
    // Never an address or a path of this machine's but the pool's, odd characters in it or not.
    const fixed = fc.constantFrom(...pool.values);
    return fc.oneof(fixed, withOddCharacter(fixed.map(String)), fc.constantFrom(null, -1, true, ''));
  }
  const fromPool = (good: fc.Arbitrary<unknown>) => (pool ? fc.oneof(fc.constantFrom(...pool.values), good) : good);
  switch (def.type) {
    case 'string': {
      if (def.format === 'date') return mostlyGood(fromPool(goodString(def)), extremeDate);
      const edge = def.format === 'datetime' ? extremeInstant : withOddCharacter(goodString(def));
      return mostlyGood(fromPool(goodString(def)), fc.oneof(edge, anyText));
    }
    case 'number':
      return mostlyGood(fromPool(goodNumber(def)), extremeNumber);
    case 'boolean':
      return mostlyGood(fc.boolean(), fc.constantFrom(0, 1, 'true'));
    case 'enum':
      return mostlyGood(fromPool(fc.constantFrom(...Object.values(def.entries as object))), anyText);
    case 'literal':
      return mostlyGood(fc.constantFrom(...(def.values as unknown[])), anyText);
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.oneof(fc.constant(undefined), arbitraryFor(def.innerType as z.ZodType, pools, field));
    case 'nullable':
      return fc.oneof(
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 3, arbitrary: arbitraryFor(def.innerType as z.ZodType, pools, field) },
      );
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return arbitraryFor(def.innerType as z.ZodType, pools, field);
    case 'pipe':
      return arbitraryFor(def.in as z.ZodType, pools, field);
    case 'lazy':
      return arbitraryFor((def.getter as () => z.ZodType)(), pools, field);
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => arbitraryFor(option, pools, field)));
    case 'array': {
      const min = check(def, 'min_length')?.minimum ?? 0;
      const max = Math.min(check(def, 'max_length')?.maximum ?? 4, 4);
      return mostlyGood(
        fc.array(arbitraryFor(def.element as z.ZodType, pools, field), { minLength: Math.min(min, max), maxLength: max }),
        anyValue,
      );
    }
    case 'record':
      return fc.dictionary(
        arbitraryFor(def.keyType as z.ZodType, pools).filter((k): k is string => typeof k === 'string'),
        arbitraryFor(def.valueType as z.ZodType, pools),
        { maxKeys: 3 },
      );
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const fields = Object.fromEntries(Object.entries(shape).map(([key, inner]) => [key, arbitraryFor(inner, pools, key)]));
      const record = fc
        .record(fields)
        .map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
      // Now and then a key no method takes, or one whose name the journal could not keep.
      const extra = fc.tuple(record, fc.oneof(fc.constantFrom('extra', '\ud800', 'a\u0000'), anyText), anyValue);
      // An input of no fields has one good value: most of the runs go to the others.
      const good = Object.keys(shape).length > 0 ? 8 : 1;
      return fc.oneof(
        { weight: good, arbitrary: record },
        { weight: 4, arbitrary: extra.map(([r, k, v]) => ({ ...r, [k]: v })) },
        // Or no object at all, or nothing.
        { weight: 2, arbitrary: fc.oneof(anyValue, fc.constant(undefined)) },
      );
    }
    default:
      return anyValue;
  }
}
