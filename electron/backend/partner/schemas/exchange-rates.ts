import { z } from 'zod';
import { envelope } from './common.ts';

/** A rate as decimal text, exactly as the partner wrote it (a number is written back in its shortest form). */
const decimalText = z.union([
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'expected a decimal rate'),
  z
    .number()
    .positive()
    .transform((n) => String(n))
    .pipe(z.string().regex(/^\d+(\.\d+)?$/, 'expected a decimal rate')),
]);

export const ExchangeRate = z.object({ from: z.string(), to: z.string(), mid: decimalText });

export const ExchangeRatesResponse = envelope(
  z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), rates: z.array(ExchangeRate) }),
);

export type ExchangeRate = z.infer<typeof ExchangeRate>;
export type ExchangeRatesResponse = z.infer<typeof ExchangeRatesResponse>;
