// eSIM creation and the state model behind usage: bundles (the original package and each
// top-up) activate on first use, finish when used up, expire after their validity; the eSIM
// is recycled when it is not installed within the install window or not topped up within
// the grace window after its last bundle ended.
import { createHmac } from 'node:crypto';
import type { PackageDef } from '../catalogue.ts';
import { DAY, formatTimestamp } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { slugify } from '../data/countries.ts';
import type { Bundle, SimRec } from '../model.ts';
import { deriveRng } from '../prng.ts';

export const LPA_HOST = 'lpa.airalo.com';

export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** 20-digit ICCID with a valid Luhn check digit, unique per sim id and stable per seed. */
export function iccidFor(seed: number, simId: number): string {
  const body = `8944${String(seed % 1000).padStart(3, '0')}${String(simId).padStart(12, '0')}`;
  return `${body}${luhnDigit(body)}`;
}

export function newBundle(ctx: SandboxContext, pkg: PackageDef, orderId: number): Bundle {
  return {
    id: ctx.store.nextSeq('bundle'),
    orderId,
    packageId: pkg.id,
    type: pkg.type,
    amountMb: pkg.amountMb,
    unlimited: pkg.unlimited,
    days: pkg.days,
    usedMb: 0,
    purchasedAt: ctx.clock.now(),
    activatedAt: null,
    expiresAt: null,
    finishedAt: null,
    fired: [],
  };
}

export function createSim(ctx: SandboxContext, pkg: PackageDef, orderId: number, brand: string | null, shared = false): SimRec {
  const id = ctx.store.nextSeq('sim');
  const rng = deriveRng(ctx.opts.seed, `sim:${id}`);
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const code = Array.from({ length: 5 }, () => rng.pick([...letters])).join('');
  const sim: SimRec = {
    id,
    iccid: iccidFor(ctx.opts.seed, id),
    orderId,
    packageId: pkg.id,
    createdAt: ctx.clock.now(),
    lpa: LPA_HOST,
    matchingId: `DUMMY-${rng.int(100000, 999999)}-${code}-${rng.int(1000, 9999)}`,
    confirmationCode: null,
    msisdn: pkg.voice ? `88319060${rng.int(1000000, 9999999)}` : null,
    brandSettingsName: brand,
    recycled: false,
    recycledAt: null,
    sharing:
      brand || shared
        ? {
            link: sharingLink(brand, `${code.toLowerCase()}${id}`),
            accessCode: String(rng.int(1000, 9999)),
          }
        : null,
    bundles: [newBundle(ctx, pkg, orderId)],
  };
  ctx.store.sims.put(sim.iccid, sim);
  return sim;
}

/** The eSIM's page lives under its brand's name: a new brand, a new address for the same page. */
export function sharingLink(brand: string | null, page: string): string {
  return `https://esims.cloud/${slugify(brand ?? 'esim')}/${page}`;
}

/** The eSIM's page under another brand (its access code stays). */
export function rebrandSharing(sim: SimRec, brand: string | null): SimRec['sharing'] {
  if (!sim.sharing) return null;
  const page = sim.sharing.link.slice(sim.sharing.link.lastIndexOf('/') + 1);
  return { ...sim.sharing, link: sharingLink(brand, page) };
}

export const qrcodeOf = (sim: SimRec): string => `LPA:1$${sim.lpa}$${sim.matchingId}`;
export const appleUrlOf = (sim: SimRec): string =>
  `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${qrcodeOf(sim)}`;

/** A QR image URL served by the sandbox itself, valid for 7 days, signed like the real one. */
export function qrcodeUrlOf(ctx: SandboxContext, sim: SimRec): string {
  const expires = Math.floor((ctx.clock.now() + 7 * DAY) / 1000);
  return `${ctx.baseUrl()}/qr?expires=${expires}&id=${sim.id}&signature=${qrSignature(ctx, sim.id, expires)}`;
}

export function qrSignature(ctx: SandboxContext, id: number, expires: number): string {
  return createHmac('sha256', ctx.opts.clientSecret).update(`${id}:${expires}`).digest('hex');
}

export type BundleStatus = 'NOT_ACTIVE' | 'ACTIVE' | 'FINISHED' | 'EXPIRED';

export function bundleStatus(b: Bundle, now: number): BundleStatus {
  if (b.expiresAt !== null && now >= b.expiresAt) return 'EXPIRED';
  if (b.finishedAt !== null) return 'FINISHED';
  if (b.activatedAt === null) return 'NOT_ACTIVE';
  return 'ACTIVE';
}

const remainingOf = (b: Bundle): number => (b.unlimited ? 0 : Math.max(0, b.amountMb - b.usedMb));

export function activate(b: Bundle, now: number): void {
  b.activatedAt = now;
  b.expiresAt = now + b.days * DAY;
}

export type UsageView = {
  remaining: number;
  total: number;
  expired_at: string | null;
  is_unlimited: boolean | null;
  status: string;
  remaining_voice: number;
  remaining_text: number;
  total_voice: number;
  total_text: number;
};

export function usageOf(ctx: SandboxContext, sim: SimRec): UsageView {
  const now = ctx.clock.now();
  const voice = (b: Bundle) => ctx.catalogue.packages.get(b.packageId)?.voice ?? 0;
  const text = (b: Bundle) => ctx.catalogue.packages.get(b.packageId)?.text ?? 0;
  if (sim.recycled) {
    if (ctx.opts.recycledUsage === 'docs') {
      return {
        remaining: 0,
        total: 0,
        expired_at: null,
        is_unlimited: null,
        status: 'RECYCLED',
        remaining_voice: 0,
        remaining_text: 0,
        total_voice: 0,
        total_text: 0,
      };
    }
    const last = sim.bundles[sim.bundles.length - 1] as Bundle;
    return {
      remaining: 0,
      total: last.unlimited ? 0 : last.amountMb,
      expired_at: formatTimestamp(sim.recycledAt ?? now),
      is_unlimited: last.unlimited,
      status: 'EXPIRED',
      remaining_voice: 0,
      remaining_text: 0,
      total_voice: voice(last),
      total_text: text(last),
    };
  }
  const live = sim.bundles.filter((b) => bundleStatus(b, now) !== 'EXPIRED');
  const unlimited = sim.bundles.some((b) => b.unlimited && bundleStatus(b, now) !== 'EXPIRED');
  if (live.length === 0) {
    const last = sim.bundles.reduce((a, b) => ((b.expiresAt ?? 0) > (a.expiresAt ?? 0) ? b : a));
    return {
      remaining: 0,
      total: last.unlimited ? 0 : last.amountMb,
      expired_at: formatTimestamp(last.expiresAt ?? now),
      is_unlimited: last.unlimited,
      status: 'EXPIRED',
      remaining_voice: 0,
      remaining_text: 0,
      total_voice: voice(last),
      total_text: text(last),
    };
  }
  const statuses = live.map((b) => bundleStatus(b, now));
  const status = statuses.includes('ACTIVE') ? 'ACTIVE' : statuses.every((s) => s === 'NOT_ACTIVE') ? 'NOT_ACTIVE' : 'FINISHED';
  const operator = ctx.catalogue.operatorOf(ctx.catalogue.packages.get(sim.packageId) as PackageDef);
  const expiries = live.map((b) => b.expiresAt).filter((e): e is number => e !== null);
  const expiredAt =
    status === 'NOT_ACTIVE' || expiries.length === 0 ? sim.createdAt + operator.installWindowDays * DAY : Math.max(...expiries);
  const finishedVoice = (b: Bundle) => (bundleStatus(b, now) === 'FINISHED' ? 0 : voice(b));
  const finishedText = (b: Bundle) => (bundleStatus(b, now) === 'FINISHED' ? 0 : text(b));
  return {
    remaining: unlimited ? 0 : live.reduce((n, b) => n + remainingOf(b), 0),
    total: unlimited ? 0 : live.reduce((n, b) => n + b.amountMb, 0),
    expired_at: formatTimestamp(expiredAt),
    is_unlimited: unlimited,
    status,
    remaining_voice: live.reduce((n, b) => n + finishedVoice(b), 0),
    remaining_text: live.reduce((n, b) => n + finishedText(b), 0),
    total_voice: live.reduce((n, b) => n + voice(b), 0),
    total_text: live.reduce((n, b) => n + text(b), 0),
  };
}

/** Consumes data from the bundles in order, activating each on first use. Returns MB actually used. */
export function consume(ctx: SandboxContext, sim: SimRec, mb: number): number {
  const now = ctx.clock.now();
  let rest = mb;
  for (const b of sim.bundles) {
    if (rest <= 0) break;
    const st = bundleStatus(b, now);
    if (st === 'EXPIRED' || st === 'FINISHED') continue;
    if (st === 'NOT_ACTIVE') activate(b, now);
    if (b.unlimited) {
      b.usedMb += rest;
      rest = 0;
      break;
    }
    const take = Math.min(rest, b.amountMb - b.usedMb);
    b.usedMb += take;
    rest -= take;
    if (b.usedMb >= b.amountMb) b.finishedAt = now;
  }
  ctx.store.sims.put(sim.iccid, sim);
  return mb - rest;
}

/** A top-up on an eSIM with nothing live starts at once; otherwise it waits for first use. */
export function addTopup(ctx: SandboxContext, sim: SimRec, pkg: PackageDef, orderId: number): Bundle {
  const now = ctx.clock.now();
  const bundle = newBundle(ctx, pkg, orderId);
  const anyLive = sim.bundles.some((b) => {
    const st = bundleStatus(b, now);
    return st === 'ACTIVE' || st === 'NOT_ACTIVE';
  });
  if (!anyLive) activate(bundle, now);
  sim.bundles.push(bundle);
  ctx.store.sims.put(sim.iccid, sim);
  return bundle;
}

export function recycle(ctx: SandboxContext, sim: SimRec, at: number): void {
  sim.recycled = true;
  sim.recycledAt = at;
  ctx.store.sims.put(sim.iccid, sim);
}

/** When the eSIM is due to be recycled, or null while it is in use. */
export function recycleDueAt(ctx: SandboxContext, sim: SimRec): number | null {
  const now = ctx.clock.now();
  const pkg = ctx.catalogue.packages.get(sim.packageId);
  if (!pkg) return null;
  const op = ctx.catalogue.operatorOf(pkg);
  if (sim.bundles.every((b) => b.activatedAt === null)) return sim.createdAt + op.installWindowDays * DAY;
  const states = sim.bundles.map((b) => bundleStatus(b, now));
  if (states.some((s) => s === 'ACTIVE' || s === 'NOT_ACTIVE')) return null;
  const ended = Math.max(...sim.bundles.map((b) => Math.max(b.finishedAt ?? 0, b.expiresAt ?? 0, b.purchasedAt)));
  return ended + op.topupGraceWindowDays * DAY;
}
