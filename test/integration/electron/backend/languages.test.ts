// The languages of the counter: each person's own, kept with their staff record, and the store's
// locale and currency, as app.info tells every screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../electron/backend/app.ts';
import { listAudit } from '../../../../electron/backend/audit/db.ts';
import type { AppInfo, SessionView, StaffTile } from '../../../../shared/contract.ts';
import type { AppError } from '../../../../shared/errors.ts';
import { CUSTOMER_LANGUAGES, UI_LANGUAGES } from '../../../../shared/languages.ts';
import type { StoreSettings } from '../../../../shared/manager.ts';
import { startTestBackend, type TestBackend } from '../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];
let ids: Record<string, string>;

beforeAll(async () => {
  ts = await startTestSandbox();
  const test = await startTestBackend(ts);
  ({ backend, call, signIn, ids } = test);
  await test.addStaff('ana', 'Ana Alves', 'clerk');
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

describe('each person’s language', () => {
  it('is kept with the person: the session, the sign-in tiles and the audit log say it', async () => {
    await signIn('ana');
    const session = await call<SessionView>('session.setLanguage', { language: 'pt' });
    expect(session).toMatchObject({ status: 'active', language: 'pt' });
    expect(await call<SessionView>('session.current')).toMatchObject({ language: 'pt' });
    const tiles = await call<StaffTile[]>('staff.list');
    expect(tiles.find((t) => t.id === ids.ana)).toMatchObject({ name: 'Ana Alves', language: 'pt' });
    expect(tiles.find((t) => t.id === ids.manager)).toMatchObject({ language: null });
    expect(listAudit(backend.db, { actionPrefix: 'staff.language_changed' })).toMatchObject([
      { actorStaffId: ids.ana, subject: ids.ana, details: { from: null, to: 'pt' } },
    ]);
    // The same language again changes nothing and logs nothing.
    await call('session.setLanguage', { language: 'pt' });
    expect(listAudit(backend.db, { actionPrefix: 'staff.language_changed' })).toHaveLength(1);
    // A locked counter still speaks the language of whoever locked it.
    await call('session.lock');
    expect(await call<SessionView>('session.current')).toMatchObject({ status: 'locked', language: 'pt' });
    await signIn('ana');
    expect(await call<SessionView>('session.setLanguage', { language: null })).toMatchObject({ language: null });
  });

  it('takes only the screens’ languages, and nobody who is not signed in', async () => {
    await signIn('ana');
    const bad = await call('session.setLanguage', { language: 'xx' }).catch((e: { error: AppError }) => e.error);
    expect(bad).toMatchObject({ code: 'bad_input', fields: { language: 'language' } });
    await call('session.signOut');
    const out = await call('session.setLanguage', { language: 'de' }).catch((e: { error: AppError }) => e.error);
    expect(out).toMatchObject({ code: 'signed_out' });
  });
});

describe('the store’s locale and currency', () => {
  it('app.info lists the languages and says the store’s locale and currency; a manager changes the locale', async () => {
    const info = await call<AppInfo>('app.info');
    expect(info.uiLanguages).toEqual([...UI_LANGUAGES]);
    expect(info.customerLanguages).toEqual([...CUSTOMER_LANGUAGES]);
    expect(info.customerLanguages.length).toBeGreaterThanOrEqual(15);
    expect(info.currency).toMatch(/^[A-Z]{3}$/);
    await signIn('manager');
    const after = await call<StoreSettings>('settings.update', { locale: 'ja-JP' });
    expect(after.locale).toBe('ja-JP');
    expect((await call<AppInfo>('app.info')).locale).toBe('ja-JP');
    const refused = await call('settings.update', { locale: 'not a locale!' }).catch((e: { error: AppError }) => e.error);
    expect(refused).toMatchObject({ code: 'bad_input', fields: { locale: 'locale' } });
    expect((await call<AppInfo>('app.info')).locale).toBe('ja-JP');
  });
});
