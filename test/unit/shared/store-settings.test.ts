import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listAudit } from '../../../electron/backend/audit/db.ts';
import { openJournalInMemory } from '../../../electron/backend/journal/open.ts';
import { createSettingsService } from '../../../electron/backend/settings/service.ts';
import { createStaffService, MIN_SCRYPT_N } from '../../../electron/backend/staff/service.ts';
import { UI_LANGUAGES } from '../../../shared/languages.ts';
import { changeableOf, changeSchemaOf, setting, STORE_SETTINGS } from '../../../shared/store-settings.ts';

const locales = path.resolve(import.meta.dirname, '../../../renderer/src/i18n/locales');

describe('the table of store settings', () => {
  it('gives each setting its own journal key', () => {
    const keys = Object.values(STORE_SETTINGS).map((d) => d.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is all a new setting needs: read with its default, changed, stored under its key and audited', async () => {
    const db = openJournalInMemory();
    const created = await createStaffService(db, { scrypt: { N: MIN_SCRYPT_N, r: 8, p: 1 } }).create(
      { name: 'Maria', role: 'manager', pin: '2468' },
      null,
    );
    if (!created.ok) throw new Error(created.error.message);
    // The one edit: a line in the table.
    const definitions = { ...STORE_SETTINGS, receiptFooter: setting('store.receiptFooter', z.string().trim().max(200), '') };

    const input = changeSchemaOf(definitions);
    expect(input.safeParse({ receiptFooter: ' Thank you! ' })).toEqual({ success: true, data: { receiptFooter: 'Thank you!' } });
    expect(input.safeParse({ receiptFooter: 'x'.repeat(201) }).success).toBe(false);
    expect(input.safeParse({ receiptFooter: 'ok', unknown: 1 }).success).toBe(false);

    const settings = createSettingsService(db, { definitions });
    expect(settings.store()).toMatchObject({ receiptFooter: '', storeName: 'eSIM Counter' });
    const after = settings.update(input.parse({ receiptFooter: 'Thank you!' }) as never, created.value.id);
    expect(after).toMatchObject({ receiptFooter: 'Thank you!' });
    expect(db.prepare(`SELECT value FROM settings WHERE key = 'store.receiptFooter'`).get()).toEqual({ value: '"Thank you!"' });
    const [entry] = listAudit(db, { actionPrefix: 'settings.changed' });
    expect(entry?.details).toEqual({ keys: 'receiptFooter', changes: { receiptFooter: { from: '', to: 'Thank you!' } } });
  });

  it('is changed through settings.update except where a setting has a method of its own', () => {
    expect(changeableOf(STORE_SETTINGS)).not.toContain('lowDataEmail');
    expect(Object.keys(changeSchemaOf(STORE_SETTINGS).shape)).toEqual(changeableOf(STORE_SETTINGS));
  });

  it.each(UI_LANGUAGES)('has the audit log’s word for every setting a manager changes, in %s', (language) => {
    const words = JSON.parse(fs.readFileSync(path.join(locales, language, 'audit.json'), 'utf8')) as {
      setting: Record<string, string>;
    };
    const missing = changeableOf(STORE_SETTINGS).filter((name) => !words.setting[name]?.trim());
    expect(missing).toEqual([]);
  });
});
