/** The shop's account with the service: balance, refund requests, low-data e-mail notifications. */
import type { PartnerClient } from './client.ts';
import { BalanceResponse, NotificationResponse, RefundResponse } from './schemas/account.ts';
import { ExchangeRatesResponse } from './schemas/exchange-rates.ts';
import { z } from 'zod';
import type { RefundReason } from '../../../shared/refunds.ts';
import type { Money } from '../../../shared/money.ts';

export async function getBalance(client: PartnerClient): Promise<Money | null> {
  const response = await client.call({ method: 'GET', path: '/v2/balance', schema: BalanceResponse });
  const balances = response.data.balances;
  return Array.isArray(balances) ? null : balances.availableBalance;
}

export type { RefundReason };

export async function requestRefund(
  client: PartnerClient,
  request: { iccids: readonly string[]; reason: RefundReason; notes?: string; email?: string },
): Promise<{ refundId: string; createdAt: string }> {
  const response = await client.call({
    method: 'POST',
    path: '/v2/refund',
    body: {
      encoding: 'multipart',
      fields: { iccids: request.iccids, reason: request.reason, notes: request.notes, email: request.email },
    },
    schema: RefundResponse,
  });
  return { refundId: response.data.refund_id, createdAt: response.data.created_at };
}

const NoContent = z.unknown();

export async function lowDataEmailOptIn(client: PartnerClient, email: string): Promise<void> {
  await client.call({
    method: 'POST',
    path: '/v2/notifications/opt-in',
    body: { encoding: 'json', value: { type: 'email_low_data', email, language: 'en' } },
    schema: NotificationResponse,
  });
}

export async function lowDataEmailOptOut(client: PartnerClient): Promise<void> {
  await client.call({
    method: 'POST',
    path: '/v2/notifications/opt-out',
    body: { encoding: 'json', value: { type: 'email_low_data' } },
    schema: NoContent,
  });
}

/**
 * The partner's mid rates from USD (its only base) into `to`, for `date` (today when omitted).
 * The operation is enabled per partner account: a refusal says it is not.
 */
export async function getExchangeRates(
  client: PartnerClient,
  to: readonly string[],
  date?: string,
): Promise<{ date: string; rates: ExchangeRateRow[] }> {
  const response = await client.call({
    method: 'GET',
    path: '/v2/finance/exchange-rates',
    query: { to: to.join(','), date },
    schema: ExchangeRatesResponse,
  });
  return {
    date: response.data.date,
    rates: response.data.rates.map((r) => ({ from: r.from.toUpperCase(), to: r.to.toUpperCase(), mid: r.mid })),
  };
}

export type ExchangeRateRow = { readonly from: string; readonly to: string; readonly mid: string };
