import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../electron/sandbox/server.ts';
import type { RunningApp } from '../support/browser-mode.ts';
import { DEMO_STAFF, expect, test } from './fixtures.ts';
import { openAs, signInAs } from './manager-setup.ts';

/** A change made elsewhere (the partner's platform, another counter): straight at the service. */
async function partnerPost(app: RunningApp, path: string, body: unknown): Promise<void> {
  const form = new URLSearchParams({
    client_id: DEFAULT_CLIENT_ID,
    client_secret: DEFAULT_CLIENT_SECRET,
    grant_type: 'client_credentials',
  });
  const token = (await (await fetch(`${app.sandboxUrl}/v2/token`, { method: 'POST', body: form })).json()) as {
    data: { access_token: string };
  };
  const answer = await fetch(`${app.sandboxUrl}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token.data.access_token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: JSON.stringify(body),
  });
  expect(answer.ok).toBe(true);
}

test('Settings shows the low-data subscription the service holds, and says when this counter saved something else', async ({
  page,
  app,
}) => {
  await signInAs(app, DEMO_STAFF.manager);
  await openAs(page, app, 'settings');
  const panel = page.getByRole('region', { name: 'Low-data e-mails' });
  await panel.getByRole('textbox', { name: 'Back-office e-mail' }).fill('backoffice@example.com');
  await panel.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(panel.getByTestId('low-data-status')).toHaveText('Low-data e-mails go to backoffice@example.com.');
  await expect(panel.getByText(/^Read from the eSIM service at /)).toBeVisible();
  await expect(panel.getByTestId('low-data-differs')).toHaveCount(0);

  // Someone changes it on the partner's platform: the panel shows the service's address once asked again.
  await partnerPost(app, '/v2/notifications/opt-in', { type: 'email_low_data', email: 'hq@example.com', language: 'en' });
  await panel.getByRole('button', { name: 'Check again' }).click();
  await expect(panel.getByTestId('low-data-status')).toHaveText('Low-data e-mails go to hq@example.com.');
  await expect(panel.getByTestId('low-data-differs')).toContainText(
    'This counter last saved something else (backoffice@example.com).',
  );

  // Opted out elsewhere: read back on opening Settings, not what the counter last saved.
  await partnerPost(app, '/v2/notifications/opt-out', { type: 'email_low_data' });
  await page.reload();
  await expect(panel.getByTestId('low-data-status')).toContainText('Not subscribed');
  await expect(panel.getByTestId('low-data-differs')).toContainText('backoffice@example.com');
});
