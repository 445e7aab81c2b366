import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/lib/chromium.ts';
import { writeVoucherVideo, type VoucherPart } from '../support/fake-camera.ts';
import type { RunningApp } from '../support/browser-mode.ts';
import { DEMO_STAFF, expect, signIn, test } from './fixtures.ts';
import { sellThroughApi } from './counter-helpers.ts';
import { expectNoViolations } from './axe-helpers.ts';
import { expectLayoutHolds } from './layout-helpers.ts';

/**
 * The counter's webcam, played by Chromium's fake capture device fed a video of a printed voucher:
 * each test launches its own browser, since the video is chosen when the browser starts.
 */
async function cameraBrowser(parts: readonly VoucherPart[]): Promise<Browser> {
  const video = writeVoucherVideo(test.info().outputPath('voucher.y4m'), parts);
  return chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
}

/** A page that keeps every camera track it was given, so a test can ask whether the camera is off. */
async function counterPage(browser: Browser, app: RunningApp, permissions: string[] = ['camera']): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, permissions });
  await context.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const original = devices.getUserMedia.bind(devices);
    const tracks: MediaStreamTrack[] = [];
    (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks = tracks;
    devices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      tracks.push(...stream.getTracks());
      return stream;
    };
  });
  const page = await context.newPage();
  await page.goto(app.url);
  await signIn(page, DEMO_STAFF.clerk);
  return page;
}

/** The camera's tracks the page was given, and whether each is still live. */
function cameraTracks(page: Page): Promise<{ kind: string; live: boolean }[]> {
  return page.evaluate(() =>
    (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks.map((t) => ({
      kind: t.kind,
      live: t.readyState === 'live',
    })),
  );
}

test('a top-up by the camera reading the voucher’s ICCID barcode: the field filled, offers, paid, the camera off', async ({
  app,
}) => {
  const sale = await sellThroughApi(app);
  const iccid = sale.esims[0]!.iccid;
  const browser = await cameraBrowser([
    { kind: 'qr', text: 'LPA:1$sm-dp.sandbox.example$K2-TEST-CAMERA' },
    { kind: 'code128', text: iccid },
  ]);
  try {
    const page = await counterPage(browser, app);
    await page.getByRole('link', { name: 'Top up' }).click();
    const field = page.getByRole('textbox', { name: 'ICCID' });
    await expect(field).toBeFocused();

    await page.getByRole('button', { name: 'Scan with camera' }).click();
    const view = page.getByRole('dialog', { name: 'Scan with the camera' });
    await expect(view).toBeVisible();
    await expect(view.getByRole('button', { name: /Close/ })).toBeFocused();

    // The code is read: the view closes by itself, the ICCID is where a typed one goes, and it is looked up.
    await expect(view).toBeHidden();
    await expect(field).toHaveValue(iccid);
    const offers = page.getByRole('list', { name: 'Top-ups' }).getByRole('button');
    await expect(offers.first()).toBeFocused();
    expect(await cameraTracks(page)).toEqual([{ kind: 'video', live: false }]);
    await page.screenshot({ path: test.info().outputPath('camera-topup-offers.png') });

    await page.keyboard.press('Enter');
    await page.getByRole('radio', { name: 'Card' }).check();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /Topped up —/ })).toBeVisible();
  } finally {
    await browser.close();
  }
});

test('the voucher’s install QR alone is enough: the camera reads it, the ICCID of the eSIM sold here is looked up', async ({
  app,
}) => {
  const sale = await sellThroughApi(app);
  const esim = sale.esims[0]!;
  expect(esim.qrcode).toMatch(/^LPA:1\$/);
  const browser = await cameraBrowser([{ kind: 'qr', text: esim.qrcode! }]);
  try {
    const page = await counterPage(browser, app);
    await page.getByRole('link', { name: 'Top up' }).click();
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(page.getByRole('dialog', { name: 'Scan with the camera' })).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'ICCID' })).toHaveValue(esim.iccid);
    await expect(page.getByRole('list', { name: 'Top-ups' }).getByRole('button').first()).toBeFocused();
    expect(await cameraTracks(page)).toEqual([{ kind: 'video', live: false }]);
  } finally {
    await browser.close();
  }
});

test('an install QR of an eSIM not sold here is said so, not taken for an ICCID; Escape closes it, camera off, focus back', async ({
  app,
}) => {
  const browser = await cameraBrowser([{ kind: 'qr', text: 'LPA:1$sm-dp.sandbox.example$K2-TEST-CAMERA' }]);
  try {
    const page = await counterPage(browser, app);
    await page.getByRole('link', { name: 'Usage' }).click();
    const open = page.getByRole('button', { name: 'Scan with camera' });
    await open.click();
    const view = page.getByRole('dialog', { name: 'Scan with the camera' });
    await expect(view.getByRole('status')).toContainText(
      'This install QR is not from an eSIM sold here. Show the ICCID barcode instead.',
      { timeout: 20_000 },
    );
    expect(await cameraTracks(page)).toEqual([{ kind: 'video', live: true }]);
    await page.screenshot({ path: test.info().outputPath('camera-install-qr.png') });
    await expectNoViolations(page, 'the camera view naming the install QR');
    await expectLayoutHolds(page, 'the camera view');

    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
    await expect(open).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'ICCID' })).toHaveValue('');
    // Escape closed the camera only: Usage is still the screen.
    await expect(page).toHaveURL(/#usage$/);
    expect(await cameraTracks(page)).toEqual([{ kind: 'video', live: false }]);
  } finally {
    await browser.close();
  }
});

test('a camera the browser refuses is said in words, with the other ways to enter the ICCID', async ({ app }) => {
  const browser = await cameraBrowser([{ kind: 'code128', text: '8944500102198304826' }]);
  try {
    const page = await counterPage(browser, app, []);
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    const view = page.getByRole('dialog', { name: 'Scan with the camera' });
    await expect(view.getByRole('alert')).toContainText('The camera is not allowed.');
    await expect(view.getByRole('alert')).toContainText('You can type the ICCID or use a barcode scanner instead.');
    await expectNoViolations(page, 'the camera view with the camera refused');
    await view.getByRole('button', { name: /Close/ }).click();
    await expect(view).toBeHidden();
    await expect(page.getByRole('button', { name: 'Scan with camera' })).toBeFocused();
  } finally {
    await browser.close();
  }
});

test('the History search takes an ICCID read by the camera', async ({ app }) => {
  const sale = await sellThroughApi(app);
  const iccid = sale.esims[0]!.iccid;
  const browser = await cameraBrowser([{ kind: 'code128', text: iccid }]);
  try {
    const page = await counterPage(browser, app);
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(page.getByRole('searchbox')).toHaveValue(iccid);
    await expect(page.getByRole('heading', { name: new RegExp(iccid) })).toBeVisible();
  } finally {
    await browser.close();
  }
});

test('on Sell, an ICCID read by the camera under the country search offers its top-up, as a scanned one does', async ({
  app,
}) => {
  const sale = await sellThroughApi(app);
  const iccid = sale.esims[0]!.iccid;
  const browser = await cameraBrowser([{ kind: 'code128', text: iccid }]);
  try {
    const page = await counterPage(browser, app);
    const search = page.getByRole('combobox', { name: 'Search countries' });
    await expect(search).toBeFocused();
    const open = page.getByRole('button', { name: 'Scan with camera' });
    // Right under the search, above the list of countries.
    const first = page.getByRole('listbox', { name: /./ }).getByRole('option').first();
    const [searchBox, openBox, firstBox] = await Promise.all([search, open, first].map(async (l) => (await l.boundingBox())!));
    expect(openBox!.y).toBeGreaterThanOrEqual(searchBox!.y + searchBox!.height);
    expect(firstBox!.y).toBeGreaterThanOrEqual(openBox!.y + openBox!.height);
    await open.click();
    await expect(page.getByRole('dialog', { name: 'Scan with the camera' })).toBeHidden();
    expect(await cameraTracks(page)).toEqual([{ kind: 'video', live: false }]);
    await expect(open).toBeFocused();
    const offer = page.getByRole('status').filter({ hasText: 'This looks like an eSIM’s ICCID' });
    await expect(offer).toContainText(iccid.slice(-4));
    await expectNoViolations(page, 'Sell with the camera’s ICCID offered');

    await offer.getByRole('button', { name: 'Top up this eSIM' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Top up an eSIM' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'ICCID' })).toHaveValue(iccid);
    await expect(page.getByRole('list', { name: 'Top-ups' }).getByRole('button').first()).toBeVisible();
  } finally {
    await browser.close();
  }
});
