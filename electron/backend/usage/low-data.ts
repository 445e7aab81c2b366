import type Database from 'better-sqlite3';
import { AppFailure } from '../../../shared/errors.ts';
import type { LowDataStatus } from '../../../shared/product-sheet.ts';
import { getSetting, SETTINGS } from '../settings/db.ts';
import { partnerFailure } from '../common/failures.ts';
import type { PartnerClient } from '../partner/client.ts';
import { PartnerError } from '../partner/errors.ts';
import { getLowDataEmailSubscription } from '../partner/notifications.ts';

/**
 * The low-data e-mail subscription as the service holds it, beside the address this counter last
 * saved: someone may have changed it on the partner's platform, or from another counter.
 */
export async function lowDataStatus(db: Database.Database, partner: PartnerClient, now = Date.now): Promise<LowDataStatus> {
  let serviceEmail: string | null;
  try {
    serviceEmail = await getLowDataEmailSubscription(partner);
  } catch (error) {
    if (error instanceof PartnerError) throw AppFailure.from(partnerFailure(error, 'the low-data notifications'));
    throw error;
  }
  // Read once the service has answered: a subscribe saves its address as soon as the service took
  // it, so a save read before the wait could be older than the service's answer, and differ falsely.
  const savedEmail = getSetting(db, SETTINGS.lowDataEmail);
  const matches = (serviceEmail ?? '').toLowerCase() === (savedEmail ?? '').toLowerCase();
  return { serviceEmail, savedEmail, matches, checkedAt: new Date(now()).toISOString() };
}
