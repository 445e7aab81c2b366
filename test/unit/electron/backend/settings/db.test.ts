import { z } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { openJournalInMemory, type Journal } from '../../../../../electron/backend/journal/open.ts';
import {
  clearSetting,
  defineSetting,
  getSetting,
  setSetting,
  SettingInvalidError,
  SETTINGS,
} from '../../../../../electron/backend/settings/db.ts';

let db: Journal;
beforeEach(() => {
  db = openJournalInMemory();
});

const storeName = defineSetting('store.name', z.string().min(1).max(60), 'eSIM Counter');
const rules = defineSetting(
  'pricing.rules',
  z.object({ markupPercent: z.number().min(0), roundTo: z.number().int().default(100) }),
  {
    markupPercent: 30,
    roundTo: 100,
  },
);

describe('settings', () => {
  it('returns the fallback until set, then the stored value', () => {
    expect(getSetting(db, storeName)).toBe('eSIM Counter');
    setSetting(db, storeName, 'Kiosk 4', '2026-11-22T10:00:00.000Z');
    expect(getSetting(db, storeName)).toBe('Kiosk 4');
    expect(db.prepare('SELECT value, updated_at FROM settings WHERE key = ?').get('store.name')).toEqual({
      value: '"Kiosk 4"',
      updated_at: '2026-11-22T10:00:00.000Z',
    });
    clearSetting(db, storeName);
    expect(getSetting(db, storeName)).toBe('eSIM Counter');
  });

  it('stores objects as parsed, with schema defaults filled in', () => {
    expect(setSetting(db, rules, { markupPercent: 25 } as { markupPercent: number; roundTo: number })).toEqual({
      markupPercent: 25,
      roundTo: 100,
    });
    expect(getSetting(db, rules)).toEqual({ markupPercent: 25, roundTo: 100 });
  });

  it('refuses to store a value its schema refuses', () => {
    expect(() => setSetting(db, storeName, '')).toThrow(SettingInvalidError);
    expect(() => setSetting(db, SETTINGS.idleLockMinutes, 0)).toThrow(/session.idleLockMinutes/);
    expect(getSetting(db, SETTINGS.idleLockMinutes)).toBe(5);
  });

  it('throws, rather than falling back, on a stored value that no longer parses', () => {
    db.prepare("INSERT INTO settings VALUES ('pricing.rules', '{\"markupPercent\":-5}', 'x')").run();
    expect(() => getSetting(db, rules)).toThrow(SettingInvalidError);
  });

  it('refuses bad keys and fallbacks that fail their own schema', () => {
    expect(() => defineSetting('Store Name', z.string(), 'x')).toThrow(TypeError);
    expect(() => defineSetting('store.size', z.number().min(1), 0)).toThrow(TypeError);
  });
});
