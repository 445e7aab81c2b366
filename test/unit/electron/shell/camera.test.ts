import { describe, expect, it, vi } from 'vitest';
import { ScanningWindows } from '../../../../electron/shell/camera-permission.ts';
import { withCamera } from '../../../../electron/shell/camera.ts';
import type { Session, WebContents } from '../../../../electron/shell/electron-types.ts';
import { lockDownSession } from '../../../../electron/shell/security.ts';
import type { Result } from '../../../../shared/errors.ts';
import { FakeSession, FakeWebContents } from '../../../support/fake-electron.ts';

const handledFalse: Result<unknown> = { ok: true, value: { handled: false } };

/** Asks the session's request handler for the camera as Chromium would for `contents`. */
function askCamera(session: FakeSession, contents: FakeWebContents, mediaTypes = ['video']): Promise<boolean> {
  return new Promise((resolve) =>
    session.permissionRequestHandler?.(contents, 'media', resolve, {
      requestingUrl: 'app://counter/',
      isMainFrame: true,
      mediaTypes,
    }),
  );
}

function setUp() {
  const scanning = new ScanningWindows();
  const session = new FakeSession();
  lockDownSession(session as unknown as Session, () => undefined, scanning);
  const backend = vi.fn(async (_method: string, _input: unknown, _sender: unknown) => handledFalse);
  const wrapped = withCamera(backend, scanning);
  const dispatch = (method: string, input: unknown, sender: FakeWebContents) =>
    wrapped(method, input, sender as unknown as WebContents);
  const contents = new FakeWebContents();
  const other = new FakeWebContents();
  return { session, dispatch, backend, contents, other };
}

describe('camera.scanning in the desktop shell', () => {
  it('grants the camera to the window that said it scans, until it says it stopped', async () => {
    const { session, dispatch, contents, other } = setUp();
    expect(await askCamera(session, contents)).toBe(false);

    expect(await dispatch('camera.scanning', { scanning: true }, contents)).toEqual({ ok: true, value: { handled: true } });
    expect(await askCamera(session, contents)).toBe(true);
    expect(await askCamera(session, contents, ['audio'])).toBe(false);
    expect(await askCamera(session, other)).toBe(false);
    expect(
      session.permissionCheckHandler!(contents, 'media', 'app://counter', {
        requestingUrl: 'app://counter/',
        isMainFrame: true,
        mediaType: 'video',
      }),
    ).toBe(true);

    await dispatch('camera.scanning', { scanning: false }, contents);
    expect(await askCamera(session, contents)).toBe(false);
  });

  it('forgets a window that navigates away or is destroyed while scanning', async () => {
    const { session, dispatch, contents, other } = setUp();
    await dispatch('camera.scanning', { scanning: true }, contents);
    // A hash route is the same page: it keeps the camera; a reload does not.
    contents.emit('did-start-navigation', {}, 'app://counter/#topup', true, true);
    expect(await askCamera(session, contents)).toBe(true);
    contents.emit('did-start-navigation', {}, 'app://counter/', false, true);
    expect(await askCamera(session, contents)).toBe(false);

    await dispatch('camera.scanning', { scanning: true }, other);
    other.destroy();
    expect(await askCamera(session, other)).toBe(false);
  });

  it('grants nothing when the backend refused the call (a signed-out counter)', async () => {
    const { session, dispatch, backend, contents } = setUp();
    backend.mockResolvedValueOnce({ ok: false, error: { code: 'signed_out', message: 'Sign in first.' } } as Result<unknown>);
    const answer = await dispatch('camera.scanning', { scanning: true }, contents);
    expect(answer.ok).toBe(false);
    expect(await askCamera(session, contents)).toBe(false);
  });

  it('stops granting when the page says it stopped, even if the session ended meanwhile (the idle lock)', async () => {
    const { session, dispatch, backend, contents } = setUp();
    await dispatch('camera.scanning', { scanning: true }, contents);
    backend.mockResolvedValueOnce({ ok: false, error: { code: 'signed_out', message: 'Sign in first.' } } as Result<unknown>);
    await dispatch('camera.scanning', { scanning: false }, contents);
    expect(await askCamera(session, contents)).toBe(false);
  });

  it('passes every other method through untouched', async () => {
    const { dispatch, backend, contents } = setUp();
    expect(await dispatch('app.info', {}, contents)).toBe(handledFalse);
    expect(backend).toHaveBeenCalledWith('app.info', {}, contents as unknown as WebContents);
  });
});
