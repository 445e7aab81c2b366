/** A journal with Maria Manager (PIN 2468) and Chris Clerk (PIN 1357), on a clock the test moves. */
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import { createStaffService, MIN_SCRYPT_N, type StaffService } from '../../../../../electron/backend/staff/service.ts';

// The lowest parameters the service accepts, to keep the suite fast; production uses DEFAULT_SCRYPT.
export const FAST = { N: MIN_SCRYPT_N, r: 8, p: 1 };

export type StaffSetup = { db: Journal; staff: StaffService; managerId: string; clerkId: string };

export async function staffOnFile(now: () => number): Promise<StaffSetup> {
  const db = openJournalInMemory();
  const staff = createStaffService(db, { scrypt: FAST, now });
  const m = await staff.create({ name: 'Maria Manager', role: 'manager', pin: '2468' }, null);
  if (!m.ok) throw new Error(m.error.message);
  const c = await staff.create({ name: 'Chris Clerk', role: 'clerk', pin: '1357' }, m.value.id);
  if (!c.ok) throw new Error(c.error.message);
  return { db, staff, managerId: m.value.id, clerkId: c.value.id };
}
