import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openJournal, type Journal } from '../../electron/backend/journal/open.ts';
import { insertEsim, insertSale, type SaleRow } from '../../electron/backend/sales/db.ts';
import { createStaffService } from '../../electron/backend/staff/service.ts';
import type { StaffSession } from '../../electron/backend/rpc.ts';

/** A real journal file in a fresh temp folder. */
export function tempJournal(): { db: Journal; file: string; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-journal-'));
  const file = path.join(dir, 'journal.sqlite');
  placeMigratedJournal(file);
  return { db: openJournal(file), file, dir };
}

let migrated: string | null = null;
/**
 * Puts at `file` an empty journal with every migration applied (owner-only, as the app makes it),
 * copied from one this test process made: a copy opens in about 5 ms, where a new journal replays
 * the migrations in about 90 (their table rebuilds re-read the whole schema). The tests of the
 * migrations and of a first start open new files.
 */
export function placeMigratedJournal(file: string): void {
  if (!migrated) {
    const made = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'esim-journal-migrated-')), 'journal.sqlite');
    openJournal(made).close();
    migrated = made;
  }
  fs.copyFileSync(migrated, file);
  fs.chmodSync(file, 0o600);
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

/** A completed sale of a 5 GB, 30-day German package with these eSIMs, written straight to the journal. */
export function insertCompletedSale(
  db: Journal,
  sale: { id: string; reference: string; staffId: string; iccids: readonly string[] } & Partial<SaleRow>,
): void {
  const { iccids, ...row } = sale;
  const at = row.createdAt ?? '2026-11-22T06:52:00.000Z';
  insertSale(db, {
    status: 'completed',
    packageId: 'de-5gb-30d',
    packageTitle: '5 GB - 30 Days',
    packageCountryCode: 'DE',
    packageData: '5 GB',
    packageDays: 30,
    quantity: iccids.length,
    unitRetailMinor: 1550,
    retailCurrency: 'USD',
    unitCostMinor: 1000,
    netCurrency: 'USD',
    fxRate: null,
    fxDate: null,
    // One currency: the cost in the store's currency is the cost.
    unitCostLocalMinor:
      row.retailCurrency === undefined || row.retailCurrency === (row.netCurrency ?? 'USD')
        ? row.unitCostMinor === undefined
          ? 1000
          : row.unitCostMinor
        : null,
    taxMode: null,
    taxRatePpm: 0,
    taxMinor: 0,
    destinationCountryCode: null,
    paymentMethod: 'card',
    customerEmail: null,
    partnerOrderId: null,
    partnerOrderCode: null,
    failureCode: null,
    failureReason: null,
    attempts: 1,
    createdAt: at,
    updatedAt: at,
    submittedAt: at,
    completedAt: at,
    ...row,
  });
  for (const iccid of iccids) {
    const esim = { lpa: null, matchingId: null, qrcode: null, appleInstallationUrl: null, qrcodeUrl: null };
    insertEsim(db, { id: crypto.randomUUID(), saleId: sale.id, iccid, ...esim, createdAt: at, updatedAt: at });
  }
}

/**
 * Makes the journal full, portably: capped at the pages it has (PRAGMA max_page_count), and those
 * pages filled with small rows until SQLite answers SQLITE_FULL. Returns the lifting of the cap.
 */
export function fillJournal(db: Journal): () => void {
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
  const fill = db.prepare("INSERT INTO settings (key, value, updated_at) VALUES (?, '0', '2026-01-01')");
  for (let n = 0; ; n++) {
    try {
      fill.run(`filler.${n}`);
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_FULL') break;
      throw error;
    }
  }
  return () => {
    db.pragma('max_page_count = 1073741823');
    db.prepare("DELETE FROM settings WHERE key LIKE 'filler.%'").run();
  };
}
