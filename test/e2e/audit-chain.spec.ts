import path from 'node:path';
import Database from 'better-sqlite3';
import { startBrowserMode, type RunningApp } from '../support/browser-mode.ts';
import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { openAs, rpc, seedDay, signInAs } from './manager-setup.ts';

test('a journal whose audit log was cut after a close warns the manager on every screen, and says what to do', async ({
  page,
  app,
}) => {
  await seedDay(app);
  const date = (await rpc(app, 'reports.day', {})).fromDate;
  const preview = await rpc(app, 'close.preview', { date });
  const close = await rpc(app, 'close.commit', { date, countedCash: [], basis: preview.open.basis });
  const head = close.auditHead!;
  // Whole at its start (through the entries the folder held then).
  expect((await rpc(app, 'app.info', {})).auditChain).toMatchObject({ ok: true });
  await app.stop();

  // As someone with the file and sqlite3 could: the triggers dropped, entries up to the close's head deleted.
  const raw = new Database(path.join(app.dataDir, 'journal-demo.sqlite'));
  raw.exec('DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete; DROP TRIGGER audit_log_chain;');
  raw.prepare('DELETE FROM audit_log WHERE seq <= ?').run(head.seq);
  raw.close();

  const again: RunningApp = await startBrowserMode({ dataDir: app.dataDir });
  try {
    expect((await rpc(again, 'app.info', {})).auditChain).toMatchObject({ ok: false, brokenAtSeq: head.seq });
    await signInAs(again, DEMO_STAFF.manager);
    await openAs(page, again, 'reports');
    const notice = page.getByRole('alert').filter({ hasText: 'The audit log was altered' });
    await expect(notice).toHaveText(
      `The audit log was altered at entry ${head.seq}. Keep this computer and its data as they are, and contact support. See the audit log`,
    );
    await notice.getByRole('link', { name: 'See the audit log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log', exact: true })).toBeVisible();
    const details = page.getByRole('alert').filter({ hasText: 'What to do' });
    await expect(details.getByRole('heading', { name: `The audit log was altered at entry ${head.seq}` })).toBeVisible();
    await expect(details).toContainText(`which the close of ${date} recorded, is missing`);
    await expect(details).toContainText('keep the journal file (journal-demo.sqlite in the app’s data folder) exactly as it is');
    // Said once on this screen, at length.
    await expect(page.getByRole('alert').filter({ hasText: 'The audit log was altered' })).toHaveCount(1);
    await expect(page.getByText(`✗ The chain is broken at entry #${head.seq}`)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('audit-chain-broken.png'), fullPage: true });

    // A clerk at the till is not the one to act on it.
    await signInAs(again, DEMO_STAFF.clerk);
    await page.goto('about:blank');
    await page.goto(again.url);
    await expect(page.getByText(`${DEMO_STAFF.clerk.name} ·`)).toBeVisible();
    await expect(page.getByText('The audit log was altered')).toHaveCount(0);
  } finally {
    await again.stop();
  }
});
