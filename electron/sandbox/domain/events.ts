// Low-data and credit-limit notifications, and the processor that moves eSIMs through their
// lifecycle on the sandbox clock.
import { DAY, formatTimestamp } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import type { Bundle, EmailRec, SimRec } from '../model.ts';
import { enqueueWebhook } from '../webhooks.ts';
import { bundleStatus, recycle, recycleDueAt } from './sims.ts';

export type LowDataLevel = '75%' | '90%' | '3days' | '1days';

function recordEmail(
  ctx: SandboxContext,
  to: string,
  kind: string,
  subject: string,
  extra: Pick<EmailRec, 'sharing' | 'brand'> = {},
): void {
  const id = ctx.store.nextSeq('email');
  ctx.store.emails.put(id, { id, to, kind, subject, createdAt: ctx.clock.now(), ...extra });
}

export function notifyLowData(ctx: SandboxContext, sim: SimRec, bundle: Bundle, level: LowDataLevel): void {
  const remaining = bundle.unlimited ? 100 : Math.max(0, Math.round(((bundle.amountMb - bundle.usedMb) / bundle.amountMb) * 100));
  const payload = { level, package_name: bundle.packageId, remaining_percentage: remaining, iccid: sim.iccid };
  const webhook = ctx.store.subscriptions.get('webhook_low_data');
  if (webhook) enqueueWebhook(ctx, webhook.contactPoint, 'low_data_notification', payload);
  const email = ctx.store.subscriptions.get('email_low_data');
  if (email) recordEmail(ctx, email.contactPoint, 'low_data', `Low data (${level}) on eSIM ${sim.iccid}`);
}

/** Checks one eSIM's live bundles for thresholds crossed since the last check. */
export function checkLowData(ctx: SandboxContext, sim: SimRec): void {
  const now = ctx.clock.now();
  let changed = false;
  for (const b of sim.bundles) {
    if (bundleStatus(b, now) !== 'ACTIVE' && bundleStatus(b, now) !== 'FINISHED') continue;
    const due: LowDataLevel[] = [];
    if (!b.unlimited && b.amountMb > 0) {
      const used = b.usedMb / b.amountMb;
      if (used >= 0.75) due.push('75%');
      if (used >= 0.9) due.push('90%');
    }
    if (b.expiresAt !== null && bundleStatus(b, now) === 'ACTIVE') {
      const left = b.expiresAt - now;
      if (left <= 3 * DAY) due.push('3days');
      if (left <= 1 * DAY) due.push('1days');
    }
    for (const level of due) {
      if (b.fired.includes(level)) continue;
      b.fired.push(level);
      changed = true;
      notifyLowData(ctx, sim, b, level);
    }
  }
  if (changed) ctx.store.sims.put(sim.iccid, sim);
}

/** Processor: recycling and time-based low-data events for every eSIM. */
export function lifecycleProcessor(ctx: SandboxContext): void {
  const now = ctx.clock.now();
  for (const sim of ctx.store.sims.values()) {
    if (sim.recycled) continue;
    checkLowData(ctx, sim);
    const due = recycleDueAt(ctx, sim);
    if (due !== null && now >= due) recycle(ctx, sim, due);
  }
}

export const CREDIT_LEVELS = [50, 70, 80, 90];

/** After a purchase: announces each credit-limit level the spending has crossed. */
export function checkCreditLimit(ctx: SandboxContext): void {
  const { balance, creditLimit, creditLevelsFired } = ctx.store.meta;
  if (creditLimit <= 0) return;
  const usedPct = ((creditLimit - balance) / creditLimit) * 100;
  const webhook = ctx.store.subscriptions.get('webhook_credit_limit');
  const email = ctx.store.subscriptions.get('email_credit_limit');
  for (const level of CREDIT_LEVELS) {
    if (usedPct < level || creditLevelsFired.includes(level)) continue;
    ctx.store.updateMeta((m) => m.creditLevelsFired.push(level));
    const payload = creditLimitPayload(level, balance);
    if (webhook && (webhook.levels ?? CREDIT_LEVELS).includes(level)) {
      enqueueWebhook(ctx, webhook.contactPoint, 'credit_limit_notification', payload);
    }
    if (email && (email.levels ?? CREDIT_LEVELS).includes(level)) {
      recordEmail(ctx, email.contactPoint, 'credit_limit', payload.message);
    }
  }
}

export function creditLimitPayload(level: number, remaining: number) {
  return { message: `Surpassed ${level}% of the credit limit balance`, remaining: Math.round(remaining * 100) / 100 };
}

/** The order's sharing e-mail to the customer and each copy address: how it carries the eSIM (link, PDF) and its brand. */
export function recordOrderEmail(
  ctx: SandboxContext,
  to: string,
  copies: string[],
  orderCode: string,
  extra: Pick<EmailRec, 'sharing' | 'brand'> = {},
): void {
  for (const address of [to, ...copies]) {
    recordEmail(
      ctx,
      address,
      'order_sharing',
      `Your eSIM is ready (order ${orderCode}, ${formatTimestamp(ctx.clock.now())})`,
      extra,
    );
  }
}
