// Validating and placing orders and top-ups: the rules behind the 422s and business codes.
import type { PackageDef } from '../catalogue.ts';
import { formatDate } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { intOf, isEmail, list, str, type Body } from '../http/body.ts';
import type { OrderInput, OrderRec, SimRec } from '../model.ts';
import { checkCreditLimit, recordOrderEmail } from './events.ts';
import { addTopup, createSim } from './sims.ts';
import { chargeOf } from '../pricing.ts';

export type Failure = { kind: 'invalid'; fields: Record<string, string> } | { kind: 'business'; code: number; extra: string };

export const SHARING_OPTIONS = ['link', 'pdf'];
export const MAX_QUANTITY = 50;

const money = (n: number) => Math.round(n * 100) / 100;

/** Field rules shared by sync, async and future orders. */
export function validateOrderInput(ctx: SandboxContext, body: Body): { input: OrderInput } | { fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const packageId = str(body, 'package_id');
  const pkg = packageId ? ctx.catalogue.packages.get(packageId) : undefined;
  if (!packageId) fields.package_id = 'The package id field is required.';
  else if (!pkg || pkg.type !== 'sim') fields.package_id = 'The selected package is invalid.';

  const rawQuantity = body.quantity;
  const quantity = intOf(rawQuantity);
  if (rawQuantity === undefined || rawQuantity === null || rawQuantity === '')
    fields.quantity = 'The quantity field is required.';
  else if (quantity === null) fields.quantity = 'The quantity must be an integer.';
  else if (quantity < 1) fields.quantity = 'The quantity must be at least 1.';
  else if (quantity > MAX_QUANTITY) fields.quantity = `The quantity may not be greater than ${MAX_QUANTITY}.`;

  const brand = str(body, 'brand_settings_name');
  if (brand && !ctx.opts.brands.includes(brand)) fields.brand_settings_name = "Brand settings name doesn't exist.";

  const toEmail = str(body, 'to_email');
  const sharing = (list(body, 'sharing_option') ?? []).map(String);
  const copies = (list(body, 'copy_address') ?? []).map(String);
  if (toEmail && !isEmail(toEmail)) fields.to_email = 'The to email must be a valid email address.';
  if (toEmail && sharing.length === 0) fields.sharing_option = 'The sharing option field is required when to email is present.';
  sharing.forEach((s, i) => {
    if (!SHARING_OPTIONS.includes(s)) {
      fields[`sharing_option(${i + 1})`] =
        `Sharing option on position ${i + 1} is invalid. Available options are: 'link' and 'pdf'.`;
    }
  });
  copies.forEach((a, i) => {
    if (!isEmail(a)) fields[`copy_address.${i}`] = `The copy_address.${i} must be a valid email address.`;
  });

  if (!fields.package_id && !fields.quantity && pkg && quantity !== null) {
    const stock = ctx.store.meta.stock[pkg.id];
    if (stock !== undefined && quantity > stock) {
      fields.quantity = `SIM quantity is not available. Available quantity: ${stock}.`;
    }
  }
  if (Object.keys(fields).length) return { fields };
  return {
    input: {
      packageId: packageId as string,
      quantity: quantity as number,
      quantityEcho: typeof rawQuantity === 'string' ? rawQuantity : (quantity as number),
      description: str(body, 'description'),
      brandSettingsName: brand || null,
      toEmail: toEmail || null,
      sharingOption: sharing,
      copyAddress: copies,
    },
  };
}

function chargeOrFail(ctx: SandboxContext, cost: number): Failure | null {
  const balance = ctx.store.meta.balance;
  if (cost > balance + 1e-9) {
    return {
      kind: 'business',
      code: 11,
      extra: `the order costs ${cost.toFixed(2)} USD and the balance is ${balance.toFixed(2)} USD`,
    };
  }
  ctx.store.updateMeta((m) => {
    m.balance = money(m.balance - cost);
  });
  return null;
}

function newOrder(
  ctx: SandboxContext,
  pkg: PackageDef,
  rec: Omit<OrderRec, 'id' | 'code' | 'createdAt' | 'currency' | 'price' | 'netPrice' | 'packageId' | 'status'>,
): OrderRec {
  const id = ctx.store.nextSeq('order');
  const now = ctx.clock.now();
  return {
    ...rec,
    id,
    code: `${formatDate(now).replaceAll('-', '')}-${String(id).padStart(6, '0')}`,
    createdAt: now,
    currency: 'USD',
    packageId: pkg.id,
    price: pkg.price,
    netPrice: chargeOf(ctx, pkg),
    status: 'completed',
  };
}

/** Places a validated order: business rules, balance, stock, eSIMs. */
export function placeOrder(
  ctx: SandboxContext,
  input: OrderInput,
  requestId: string | null = null,
): { order: OrderRec } | Failure {
  const pkg = ctx.catalogue.packages.get(input.packageId) as PackageDef;
  if (pkg.test?.orderCode) {
    const extra = pkg.test.orderCode === 33 ? '0' : pkg.test.orderCode === 11 ? 'sandbox test package' : '';
    return { kind: 'business', code: pkg.test.orderCode, extra };
  }
  const failed = chargeOrFail(ctx, money(chargeOf(ctx, pkg) * input.quantity));
  if (failed) return failed;
  const stock = ctx.store.meta.stock[pkg.id];
  if (stock !== undefined) ctx.store.updateMeta((m) => (m.stock[pkg.id] = stock - input.quantity));

  const order = newOrder(ctx, pkg, {
    type: 'sim',
    quantity: input.quantity,
    quantityEcho: input.quantityEcho,
    description: input.description ?? `${input.quantity} x ${pkg.id}`,
    brandSettingsName: input.brandSettingsName,
    iccids: [],
    targetIccid: null,
    requestId,
    toEmail: input.toEmail,
    sharingOption: input.sharingOption,
    copyAddress: input.copyAddress,
  });
  // An e-mailed eSIM has a sharing page (link and access code), as a branded one does.
  const shared = input.toEmail !== null;
  for (let i = 0; i < input.quantity; i++)
    order.iccids.push(createSim(ctx, pkg, order.id, input.brandSettingsName, shared).iccid);
  ctx.store.orders.put(order.id, order);
  if (input.toEmail) {
    recordOrderEmail(ctx, input.toEmail, input.copyAddress, order.code, {
      sharing: input.sharingOption,
      brand: input.brandSettingsName,
    });
  }
  checkCreditLimit(ctx);
  return { order };
}

/**
 * An asynchronous order the service could not make, kept in its order list with status `failed`,
 * no eSIMs and nothing charged: the list's `filter[order_status]=failed` says such orders exist, and
 * a partner without a webhook finds out this way that its request came to nothing.
 */
export function recordFailedOrder(ctx: SandboxContext, input: OrderInput, requestId: string): OrderRec {
  const pkg = ctx.catalogue.packages.get(input.packageId) as PackageDef;
  const order: OrderRec = {
    ...newOrder(ctx, pkg, {
      type: 'sim',
      quantity: input.quantity,
      quantityEcho: input.quantityEcho,
      description: input.description ?? `${input.quantity} x ${pkg.id}`,
      brandSettingsName: input.brandSettingsName,
      iccids: [],
      targetIccid: null,
      requestId,
      toEmail: input.toEmail,
      sharingOption: input.sharingOption,
      copyAddress: input.copyAddress,
    }),
    netPrice: 0,
    status: 'failed',
  };
  ctx.store.orders.put(order.id, order);
  return order;
}

/** Top-up packages an eSIM can take: those of its operator. */
export function topupsFor(ctx: SandboxContext, sim: SimRec): PackageDef[] {
  const pkg = ctx.catalogue.packages.get(sim.packageId);
  if (!pkg) return [];
  return ctx.catalogue.operatorOf(pkg).packages.filter((p) => p.type === 'topup');
}

export function placeTopup(ctx: SandboxContext, body: Body): { order: OrderRec } | Failure {
  const fields: Record<string, string> = {};
  const iccid = str(body, 'iccid');
  const packageId = str(body, 'package_id');
  if (!iccid) fields.iccid = 'The iccid field is required.';
  if (!packageId) fields.package_id = 'The package id field is required.';
  if (Object.keys(fields).length) return { kind: 'invalid', fields };
  const sim = ctx.store.sims.get(iccid as string);
  if (!sim) return { kind: 'invalid', fields: { iccid: 'The selected iccid is invalid.' } };
  if (sim.recycled) return { kind: 'business', code: 73, extra: sim.iccid };
  const pkg = topupsFor(ctx, sim).find((p) => p.id === packageId);
  if (!pkg) return { kind: 'invalid', fields: { package_id: 'invalid topup package' } };
  if (pkg.test?.topupCode) return { kind: 'business', code: pkg.test.topupCode, extra: '' };
  if (sim.bundles.filter((b) => b.type === 'topup').length >= ctx.opts.topupPurchaseLimit) {
    return { kind: 'invalid', fields: { package_id: 'validation.order_exceed_limit' } };
  }
  const failed = chargeOrFail(ctx, chargeOf(ctx, pkg));
  if (failed) return failed;
  const order = newOrder(ctx, pkg, {
    type: 'topup',
    quantity: 1,
    quantityEcho: 1,
    description: str(body, 'description') || `Topup (${sim.iccid})`,
    brandSettingsName: null,
    iccids: [sim.iccid],
    targetIccid: sim.iccid,
    requestId: null,
    toEmail: null,
    sharingOption: [],
    copyAddress: [],
  });
  ctx.store.orders.put(order.id, order);
  addTopup(ctx, sim, pkg, order.id);
  checkCreditLimit(ctx);
  return { order };
}
