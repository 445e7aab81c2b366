/**
 * How the service e-mails a sold eSIM: the checkout's choices (link and/or PDF, a copy to the
 * store, one of the partner's brands), a brand changed after the sale, and "send again". The
 * partner's brands are set up on its platform and the API cannot list them, so a manager lists the
 * ones the store uses; the service still refuses one it does not know, and the counter says so.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import {
  SHARING_OPTIONS,
  type DeliveryOptions,
  type EsimDelivery,
  type SaleDelivery,
  type SharingOption,
} from '../../../shared/delivery.ts';
import { brandNameSchema, storeEmailSchema } from '../../../shared/delivery-schemas.ts';
import { AppFailure } from '../../../shared/errors.ts';
import { normalizeIccid } from '../../../shared/iccid.ts';
import { appendAudit } from '../audit/db.ts';
import { getSaleOfEsim } from '../sales/db.ts';
import { defineSetting, getSetting, setSetting } from '../settings/db.ts';
import { iccidRefused, partnerFailure } from '../common/failures.ts';
import { getSimSharing, updateSimBrand } from '../partner/brands.ts';
import type { PartnerClient } from '../partner/client.ts';
import { PartnerError } from '../partner/errors.ts';
import type { StaffSession } from '../staff/sessions.ts';

const sharingList = z.array(z.enum(SHARING_OPTIONS)).min(1).max(2);

export const DELIVERY_SETTINGS = {
  /** The store's own address for copies of the customers' e-mails. */
  storeEmail: defineSetting('delivery.storeEmail', storeEmailSchema, null),
  /** The partner's brands this store uses, in the order the manager listed them. */
  brands: defineSetting('delivery.brands', z.array(brandNameSchema).max(20), []),
  defaultBrand: defineSetting('delivery.defaultBrand', brandNameSchema.nullable(), null),
  defaultSharing: defineSetting<SharingOption[]>('delivery.defaultSharing', sharingList, ['link']),
};

export function deliveryOptions(db: Database.Database): DeliveryOptions {
  return {
    storeEmail: getSetting(db, DELIVERY_SETTINGS.storeEmail),
    brands: getSetting(db, DELIVERY_SETTINGS.brands),
    defaultBrand: getSetting(db, DELIVERY_SETTINGS.defaultBrand),
    defaultSharing: getSetting(db, DELIVERY_SETTINGS.defaultSharing),
  };
}

export type DeliveryChange = {
  storeEmail?: string | null;
  brands?: string[];
  defaultBrand?: string | null;
  defaultSharing?: SharingOption[];
};

export function setDeliveryOptions(db: Database.Database, change: DeliveryChange, manager: StaffSession): DeliveryOptions {
  const brands = change.brands ? [...new Set(change.brands.map((b) => b.trim()))] : getSetting(db, DELIVERY_SETTINGS.brands);
  const defaultBrand = change.defaultBrand !== undefined ? change.defaultBrand : getSetting(db, DELIVERY_SETTINGS.defaultBrand);
  if (defaultBrand !== null && !brands.includes(defaultBrand)) {
    throw new AppFailure('bad_input', `The default brand ${defaultBrand} is not in the list.`, {
      reason: 'brand_not_listed',
      params: { brand: defaultBrand },
      fields: { defaultBrand: 'invalid' },
    });
  }
  db.transaction(() => {
    if (change.storeEmail !== undefined) setSetting(db, DELIVERY_SETTINGS.storeEmail, change.storeEmail);
    if (change.brands !== undefined) setSetting(db, DELIVERY_SETTINGS.brands, brands);
    setSetting(db, DELIVERY_SETTINGS.defaultBrand, defaultBrand);
    if (change.defaultSharing !== undefined) {
      setSetting(db, DELIVERY_SETTINGS.defaultSharing, [...new Set(change.defaultSharing)]);
    }
    // Which settings changed, not their values: an address has no place in a log every manager reads.
    appendAudit(db, {
      action: 'settings.changed',
      actorStaffId: manager.staffId,
      details: { keys: Object.keys(change).join(',') },
    });
  })();
  return deliveryOptions(db);
}

/**
 * What a new sale asks the service to send, checked against the store's settings: a copy only to
 * the store's own address, a brand only from the store's list. Without a customer's address no
 * e-mail goes out, so there is nothing to copy; the brand still applies (the eSIM's sharing page).
 */
export function saleDelivery(
  db: Database.Database,
  input: { customerEmail?: string; sharing?: readonly SharingOption[]; copyToStore?: boolean; brand?: string | null },
): SaleDelivery {
  const options = deliveryOptions(db);
  const brand = input.brand === undefined ? options.defaultBrand : input.brand;
  if (brand !== null && !options.brands.includes(brand)) {
    throw new AppFailure('bad_input', `The brand ${brand} is not one of the store's brands.`, {
      reason: 'brand_not_listed',
      params: { brand },
      fields: { brand: 'invalid' },
    });
  }
  if (input.copyToStore && input.customerEmail && !options.storeEmail) {
    throw new AppFailure('bad_input', 'No store address is set for copies. A manager sets it in Settings.', {
      reason: 'store_email_not_set',
      fields: { copyToStore: 'invalid' },
    });
  }
  const sharing = input.customerEmail ? [...new Set(input.sharing?.length ? input.sharing : options.defaultSharing)] : [];
  return {
    sharing: SHARING_OPTIONS.filter((s) => sharing.includes(s)),
    copyTo: input.customerEmail && input.copyToStore ? options.storeEmail : null,
    brand,
  };
}

/** The sale's delivery columns as stored ('link,pdf'), and back. */
export const sharingColumn = (sharing: readonly SharingOption[]): string | null => (sharing.length ? sharing.join(',') : null);
export function deliveryOf(row: {
  customerEmail: string | null;
  sharingOptions?: string | null;
  copyAddress?: string | null;
  brand?: string | null;
}): SaleDelivery {
  const stored = (row.sharingOptions ?? '')
    .split(',')
    .filter((s): s is SharingOption => (SHARING_OPTIONS as readonly string[]).includes(s));
  // A sale from before the choices existed went out as a link when it had an address.
  const sharing = stored.length ? stored : row.customerEmail ? (['link'] as SharingOption[]) : [];
  return { sharing, copyTo: row.copyAddress ?? null, brand: row.brand ?? null };
}

/** The order's e-mail fields for a sale's delivery. */
export function deliveryRequest(delivery: SaleDelivery): {
  brand: string | null;
  sharing: readonly SharingOption[];
  copyTo: readonly string[];
} {
  return { brand: delivery.brand, sharing: delivery.sharing, copyTo: delivery.copyTo ? [delivery.copyTo] : [] };
}

export type DeliveryDeps = {
  readonly db: Database.Database;
  readonly partner: PartnerClient;
  /** Whether this viewer may see the eSIM's codes now (its clerk soon after, or a manager's approval). */
  readonly codesVisible: (iccid: string, viewer: StaffSession | null) => boolean;
  readonly now?: () => number;
};

/** A sold eSIM's brand and sharing page at the service: read, changed, sent again. */
export class EsimDeliveryService {
  readonly #d: DeliveryDeps;

  constructor(deps: DeliveryDeps) {
    this.#d = deps;
  }

  async read(raw: string): Promise<EsimDelivery> {
    const { iccid, customerEmail } = this.#ours(raw);
    const sharing = await this.#ask(() => getSimSharing(this.#d.partner, iccid));
    return { iccid, brand: sharing.brand, canSendAgain: sharing.link !== null, link: null, accessCode: null, customerEmail };
  }

  async setBrand(raw: string, brand: string | null, staff: StaffSession): Promise<EsimDelivery> {
    const { iccid } = this.#ours(raw);
    if (brand !== null && !getSetting(this.#d.db, DELIVERY_SETTINGS.brands).includes(brand)) {
      throw new AppFailure('bad_input', `The brand ${brand} is not one of the store's brands.`, {
        reason: 'brand_not_listed',
        params: { brand },
        fields: { brand: 'invalid' },
      });
    }
    try {
      await updateSimBrand(this.#d.partner, iccid, brand);
    } catch (error) {
      if (error instanceof PartnerError && error.kind === 'validation' && error.details.fields?.brand_settings_name) {
        throw new AppFailure('partner_rejected', `The eSIM service does not know the brand ${brand}.`, {
          reason: 'brand_unknown',
          params: { brand: brand ?? '' },
          partnerMessage: error.message,
        });
      }
      throw this.#failure(error);
    }
    appendAudit(this.#d.db, {
      action: 'esim.brand_changed',
      actorStaffId: staff.staffId,
      subject: iccid,
      details: { brand },
      at: new Date((this.#d.now ?? Date.now)()).toISOString(),
    });
    return this.read(iccid);
  }

  /**
   * The sharing page and its access code, to send to the customer again. They open the eSIM as its
   * QR does, so the same rule applies (its clerk soon after the sale, else a manager's approval),
   * and the audit log keeps who asked.
   */
  async sendAgain(raw: string, viewer: StaffSession): Promise<EsimDelivery> {
    const { iccid, customerEmail } = this.#ours(raw);
    if (!this.#d.codesVisible(iccid, viewer)) {
      throw new AppFailure('forbidden', 'Sending an eSIM again needs a manager’s approval, as showing its QR does.', {
        reason: 'reveal_needs_approval',
      });
    }
    const sharing = await this.#ask(() => getSimSharing(this.#d.partner, iccid));
    if (!sharing.link) {
      throw new AppFailure('conflict', 'The eSIM service has no page for this eSIM that could be sent again.', {
        reason: 'send_again_not_offered',
      });
    }
    appendAudit(this.#d.db, {
      action: 'esim.sent_again',
      actorStaffId: viewer.staffId,
      subject: iccid,
      details: { toCustomer: customerEmail !== null },
      at: new Date((this.#d.now ?? Date.now)()).toISOString(),
    });
    return { iccid, brand: sharing.brand, canSendAgain: true, link: sharing.link, accessCode: sharing.accessCode, customerEmail };
  }

  /** An eSIM this counter sold (the service keeps no customer's address; the sale does). */
  #ours(raw: string): { iccid: string; customerEmail: string | null } {
    const result = normalizeIccid(raw);
    if (!result.ok) throw iccidRefused(result);
    const sale = getSaleOfEsim(this.#d.db, result.iccid);
    if (!sale) {
      throw new AppFailure('not_found', 'This counter did not sell this eSIM.', {
        reason: 'esim_not_sold_here',
        params: { iccid: result.iccid },
      });
    }
    return { iccid: result.iccid, customerEmail: sale.customerEmail };
  }

  async #ask<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      throw this.#failure(error);
    }
  }

  #failure(error: unknown): unknown {
    return error instanceof PartnerError ? AppFailure.from(partnerFailure(error, 'the eSIM')) : error;
  }
}
