/** The contract's inputs for e-mail delivery and brands (shared/delivery.ts has the words' types). */
import { z } from 'zod';
import { problem } from './errors.ts';
import { SHARING_OPTIONS } from './delivery.ts';

export const sharingSchema = z.array(z.enum(SHARING_OPTIONS)).min(1).max(2);

/** A brand's name as the partner's platform has it (brands are made there, not through the API). */
export const brandNameSchema = z.string().trim().min(1, problem('required')).max(100);

/** The store's own copy address (never a customer's); null for none. */
export const storeEmailSchema = z.email(problem('email')).max(254).nullable();
