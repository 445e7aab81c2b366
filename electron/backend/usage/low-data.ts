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
  // A subscribe saves its address as soon as the service took it: a save that changed while the
  // service was asked may be newer or older than the service's answer, so the service is asked
  // again, until the counter's address held still across one reading (a manager's clicks end).
  for (;;) {
    const savedBefore = getSetting(db, SETTINGS.lowDataEmail);
    const serviceEmail = await serviceSubscription(partner);
    const savedEmail = getSetting(db, SETTINGS.lowDataEmail);
    if (savedEmail !== savedBefore) continue;
    const matches = (serviceEmail ?? '').toLowerCase() === (savedEmail ?? '').toLowerCase();
    return { serviceEmail, savedEmail, matches, checkedAt: new Date(now()).toISOString() };
  }
}

async function serviceSubscription(partner: PartnerClient): Promise<string | null> {
  try {
    return await getLowDataEmailSubscription(partner);
  } catch (error) {
    if (error instanceof PartnerError) throw AppFailure.from(partnerFailure(error, 'the low-data notifications'));
    throw error;
  }
}
