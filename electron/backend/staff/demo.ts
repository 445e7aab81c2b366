/** The Demo environment's two accounts, so a new shop can practise with no set-up. */
import type Database from 'better-sqlite3';
import { countStaff, setDemoPin } from './db.ts';
import { createStaffService, type StaffServiceOptions } from './service.ts';

export const DEMO_STAFF = [
  { name: 'Maria Manager', role: 'manager', pin: '2468' },
  { name: 'Chris Clerk', role: 'clerk', pin: '1357' },
] as const;

/**
 * Demo environment only (the caller checks the environment): the two demo accounts,
 * created only when the journal has no staff at all.
 */
export async function seedDemoStaff(db: Database.Database, options: StaffServiceOptions = {}): Promise<{ created: boolean }> {
  if (countStaff(db) > 0) return { created: false };
  const service = createStaffService(db, options);
  const first = await service.create(DEMO_STAFF[0], null);
  if (!first.ok) throw new Error(`Demo manager not created: ${first.error.message}`);
  const second = await service.create(DEMO_STAFF[1], first.value.id);
  if (!second.ok) throw new Error(`Demo clerk not created: ${second.error.message}`);
  // The sign-in screen shows these while they stay the published ones (migration 0025 forgets a changed one).
  setDemoPin(db, first.value.id, DEMO_STAFF[0].pin);
  setDemoPin(db, second.value.id, DEMO_STAFF[1].pin);
  return { created: true };
}
