import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openJournal, type Journal } from '../../electron/db/open.ts';
import { createStaffService } from '../../electron/services/staff.ts';
import type { StaffSession } from '../../electron/rpc.ts';

/** A real journal file in a fresh temp folder. */
export function tempJournal(): { db: Journal; file: string; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-journal-'));
  const file = path.join(dir, 'journal.sqlite');
  return { db: openJournal(file), file, dir };
}

/** A manager and a clerk, hashed with the cheapest scrypt the service accepts so tests stay quick. */
export async function seedStaff(db: Journal): Promise<{ manager: StaffSession; clerk: StaffSession }> {
  const staff = createStaffService(db, { scrypt: { N: 2 ** 15, r: 8, p: 1 } });
  const m = await staff.create({ name: 'Test Manager', role: 'manager', pin: '2468' }, null);
  if (!m.ok) throw new Error(m.error.message);
  const c = await staff.create({ name: 'Test Clerk', role: 'clerk', pin: '1357' }, m.value.id);
  if (!c.ok) throw new Error(c.error.message);
  return {
    manager: { staffId: m.value.id, name: m.value.name, role: 'manager' },
    clerk: { staffId: c.value.id, name: c.value.name, role: 'clerk' },
  };
}
