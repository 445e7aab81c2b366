// JSON shapes of orders and eSIMs. Numbers in POST responses, strings for price and validity in
// the lists (the service's own drift), timestamps `YYYY-MM-DD HH:MM:SS`.
import type { PackageDef } from '../catalogue.ts';
import { formatTimestamp } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { installationGuides, manualInstallationHtml, qrInstallationHtml } from '../data/instructions.ts';
import type { OrderRec, SimRec } from '../model.ts';
import { appleUrlOf, qrcodeOf, qrcodeUrlOf } from '../domain/sims.ts';
import { discountFields, isDiscountPricing, pricingJson } from '../pricing.ts';

export const PARTNER_USER = {
  id: 4821,
  created_at: '2024-01-15 09:12:44',
  name: 'eSIM Counter Demo',
  email: 'partner@esim-counter.test',
  mobile: null,
  address: null,
  state: null,
  city: null,
  postal_code: null,
  country_id: null,
  company: 'eSIM Counter',
};

const STATUS_NAMES: Record<string, string> = {
  completed: 'Completed',
  failed: 'Failed',
  partially_refunded: 'Partially Refunded',
  refunded: 'Refunded',
};

export const statusJson = (slug: string) => ({ name: STATUS_NAMES[slug] ?? slug, slug });

function pkgOf(ctx: SandboxContext, order: OrderRec): PackageDef {
  return ctx.catalogue.packages.get(order.packageId) as PackageDef;
}

export function simEntryJson(ctx: SandboxContext, sim: SimRec, withAppleUrl = true) {
  const pkg = ctx.catalogue.packages.get(sim.packageId) as PackageDef;
  const op = ctx.catalogue.operatorOf(pkg);
  const entry = {
    id: sim.id,
    created_at: formatTimestamp(sim.createdAt),
    iccid: sim.iccid,
    lpa: sim.lpa,
    imsis: null,
    matching_id: sim.matchingId,
    qrcode: qrcodeOf(sim),
    qrcode_url: qrcodeUrlOf(ctx, sim),
    airalo_code: null,
    apn_type: op.apnType,
    apn_value: op.apnValue,
    is_roaming: op.isRoaming,
    confirmation_code: sim.confirmationCode,
    apn: { ios: { apn_type: op.apnType, apn_value: op.apnValue }, android: { apn_type: op.apnType, apn_value: op.apnValue } },
    msisdn: sim.msisdn,
  };
  return withAppleUrl ? { ...entry, direct_apple_installation_url: appleUrlOf(sim) } : entry;
}

function orderCommon(ctx: SandboxContext, order: OrderRec) {
  const pkg = pkgOf(ctx, order);
  const op = ctx.catalogue.operatorOf(pkg);
  const isSim = order.type === 'sim';
  return {
    id: order.id,
    code: order.code,
    currency: order.currency,
    package_id: order.packageId,
    quantity: order.quantityEcho,
    type: order.type,
    description: order.description,
    esim_type: isSim ? 'Prepaid' : 'local',
    validity: pkg.days,
    package: `${op.title}-${pkg.title}`,
    data: pkg.data,
    price: order.price,
    pricing_model: pricingJson(ctx).model,
    created_at: formatTimestamp(order.createdAt),
    manual_installation: manualInstallationHtml(),
    qrcode_installation: qrInstallationHtml(),
    installation_guides: installationGuides(),
    text: pkg.text,
    voice: pkg.voice,
    // A discount-pricing account gets no net price: a top-up says null, an order leaves it out.
    ...(isDiscountPricing(ctx)
      ? { ...(isSim ? {} : { net_price: null }), ...discountFields(ctx, order.price, order.netPrice, order.quantity) }
      : { net_price: order.netPrice }),
  };
}

/** `data` of POST /v2/orders (and of async/future order webhooks). */
export function orderJson(ctx: SandboxContext, order: OrderRec) {
  return {
    ...orderCommon(ctx, order),
    brand_settings_name: order.brandSettingsName,
    sims: order.iccids.map((iccid) => simEntryJson(ctx, ctx.store.sims.get(iccid) as SimRec)),
  };
}

/** `data` of POST /v2/orders/topups: no sims, no brand. */
export function topupOrderJson(ctx: SandboxContext, order: OrderRec) {
  return orderCommon(ctx, order);
}

export type Includes = Set<string>;

export function parseIncludes(raw: string | undefined): Includes {
  return new Set(
    (raw ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** An entry of GET /v2/orders and the data of GET /v2/orders/{id}. */
export function orderListEntry(ctx: SandboxContext, order: OrderRec, include: Includes) {
  const common = orderCommon(ctx, order);
  const isSim = order.type === 'sim';
  const entry: Record<string, unknown> = {
    id: order.id,
    created_at: common.created_at,
    code: order.code,
    description: order.description,
    type: order.type,
    package_id: order.packageId,
    quantity: order.quantity,
    package: common.package,
    esim_type: common.esim_type,
    validity: String(common.validity),
    price: order.price.toFixed(2),
    data: common.data,
    currency: order.currency,
    manual_installation: isSim ? common.manual_installation : '',
    qrcode_installation: isSim ? common.qrcode_installation : '',
    installation_guides: common.installation_guides,
    text: common.text,
    voice: common.voice,
    net_price: isDiscountPricing(ctx) ? null : order.netPrice,
    brand_settings_name: order.brandSettingsName,
  };
  if (include.has('sims')) {
    entry.sims = isSim ? order.iccids.map((i) => simEntryJson(ctx, ctx.store.sims.get(i) as SimRec, false)) : [];
  }
  if (include.has('user')) entry.user = PARTNER_USER;
  if (include.has('status')) entry.status = statusJson(order.status);
  return entry;
}

/** GET /v2/sims/{iccid} and the entries of GET /v2/sims. */
export function simJson(ctx: SandboxContext, sim: SimRec, include: Includes) {
  const order = ctx.store.orders.get(sim.orderId);
  const sharing = sim.sharing
    ? { link: sim.sharing.link, access_code: sim.sharing.accessCode }
    : { link: null, access_code: null };
  const simable = order
    ? {
        ...orderListEntry(ctx, order, new Set(['status', 'user'])),
        ...(include.has('share') ? { sharing } : {}),
      }
    : null;
  let orderJsonValue: Record<string, unknown> | null = null;
  if (order && [...include].some((i) => i.startsWith('order'))) {
    orderJsonValue = orderListEntry(
      ctx,
      order,
      new Set([...(include.has('order.status') ? ['status'] : []), ...(include.has('order.user') ? ['user'] : [])]),
    );
  }
  return {
    ...simEntryJson(ctx, sim),
    voucher_code: null,
    order: orderJsonValue,
    brand_settings_name: sim.brandSettingsName,
    recycled: sim.recycled,
    recycled_at: sim.recycledAt === null ? null : formatTimestamp(sim.recycledAt),
    ...(include.has('share') ? { sharing } : {}),
    simable,
  };
}
