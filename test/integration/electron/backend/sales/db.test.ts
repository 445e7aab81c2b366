import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listSales, type SaleRow } from '../../../../../electron/backend/sales/db.ts';
import type { Journal } from '../../../../../electron/backend/journal/open.ts';
import { insertCompletedSale, seedStaff, tempJournal } from '../../../../support/journal.ts';

let db: Journal;
let dir: string;
let staffId: string;

beforeEach(async () => {
  ({ db, dir } = tempJournal());
  staffId = (await seedStaff(db)).clerk.staffId;
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function sale(id: string, reference: string, iccids: string[], extra: Partial<SaleRow> = {}): void {
  insertCompletedSale(db, { id, reference, staffId, iccids, ...extra });
}

const found = (query: string) => listSales(db, { query }).map((s) => s.reference);

describe('listSales: an ICCID is found however the clerk writes it', () => {
  beforeEach(() => {
    sale('a', 'EC-20261122-5YSCWVSW', ['89446010000000001021', '89446010000000001039'], {
      customerEmail: 'anna.traveller@example.com',
      partnerOrderCode: '20261122-009602',
    });
    sale('b', 'EC-20261122-HBSJW6MB', ['89446010000000001062', '89446010000000001070'], {
      customerEmail: 'fail.case@example.com',
      createdAt: '2026-11-22T06:54:00.000Z',
    });
  });

  it('grouped in fours as on the result screen and the voucher', () => {
    expect(found('8944 6010 0000 0000 1039')).toEqual(['EC-20261122-5YSCWVSW']);
    expect(found('0000 1070')).toEqual(['EC-20261122-HBSJW6MB']);
  });

  it('with the trailing F a SIM reader gives, in either case, or with dashes', () => {
    expect(found('89446010000000001039F')).toEqual(['EC-20261122-5YSCWVSW']);
    expect(found('89446010000000001062f')).toEqual(['EC-20261122-HBSJW6MB']);
    expect(found('8944-6010-0000-0000-1039')).toEqual(['EC-20261122-5YSCWVSW']);
  });

  it('still finds references, order codes and e-mails as typed', () => {
    expect(found('1039')).toEqual(['EC-20261122-5YSCWVSW']);
    expect(found('20261122-009602')).toEqual(['EC-20261122-5YSCWVSW']);
    expect(found('fail.case')).toEqual(['EC-20261122-HBSJW6MB']);
    expect(found('HBSJW6MB')).toEqual(['EC-20261122-HBSJW6MB']);
    expect(found('EC-20261122')).toEqual(['EC-20261122-HBSJW6MB', 'EC-20261122-5YSCWVSW']);
    expect(found('8944 6010 9999')).toEqual([]);
  });

  it('treats % and _ as themselves', () => {
    expect(found('%')).toEqual([]);
    expect(found('fail_case')).toEqual([]);
  });
});
