import { z } from 'zod';
import { envelope, int } from './common.ts';

export const TokenData = z.object({
  token_type: z.string(),
  expires_in: int,
  access_token: z.string().min(1),
});

export const TokenResponse = envelope(TokenData);

export type TokenData = z.infer<typeof TokenData>;
export type TokenResponse = z.infer<typeof TokenResponse>;
