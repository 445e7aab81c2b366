import fs from 'node:fs';
import path from 'node:path';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { expectNoViolations } from './axe-helpers.ts';

// A screen that throws while it renders (here: an answer the History screen cannot read, as a
// broken backend or a bug would give it) shows the recovery screen, not a white window, and the
// backend's log file says which screen crashed and why.
test('a screen that crashes shows the recovery screen and is in the log', async ({ page, app }) => {
  await page.route('**/rpc/history.search', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ok: true, value: [{ kind: 'sale' }] }) }),
  );
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  // History, fifth in the rail.
  await page.keyboard.press('Alt+5');

  const recovery = page.getByRole('alert').filter({ hasText: 'Something went wrong on this screen' });
  await expect(recovery).toBeVisible();
  await expect(recovery).toContainText('A sale in progress is safe in the journal and is shown again.');
  // The rest of the window still works: the menu and the account are there.
  await expect(page.getByText(`${DEMO_STAFF.clerk.name} ·`)).toBeVisible();
  await expectNoViolations(page, 'the recovery screen');

  const logFile = path.join(app.dataDir, 'logs', 'counter.log');
  await expect
    .poll(() => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''))
    .toMatch(/"error":\{"type":"RendererError","message":"TypeError: [^"]+","stack":".+"msg":"the renderer crashed \(history\)"/);

  await page.unroute('**/rpc/history.search');
  await recovery.getByRole('button', { name: 'Reload the counter' }).click();
  await expect(page.getByText(`${DEMO_STAFF.clerk.name} ·`)).toBeVisible();
  await expect(recovery).toHaveCount(0);
});
