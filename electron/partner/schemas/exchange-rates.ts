import { z } from 'zod';
import { envelope, num } from './common.ts';

export const ExchangeRate = z.object({ from: z.string(), to: z.string(), mid: num });

export const ExchangeRatesResponse = envelope(
  z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), rates: z.array(ExchangeRate) }),
);

export type ExchangeRate = z.infer<typeof ExchangeRate>;
export type ExchangeRatesResponse = z.infer<typeof ExchangeRatesResponse>;
