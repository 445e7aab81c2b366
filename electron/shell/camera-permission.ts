/**
 * When the desktop app lets a page use the camera: the counter's window, on our own page, in its
 * main frame, for video alone, and only while that page has said it is scanning (camera.scanning).
 * Plain logic without Electron, so it is tested as is; shell/security.ts asks it.
 */

/** The windows whose page has its camera view open, by web contents id. */
export class ScanningWindows {
  readonly #ids = new Set<number>();

  set(id: number, scanning: boolean): void {
    if (scanning) this.#ids.add(id);
    else this.#ids.delete(id);
  }

  has(id: number): boolean {
    return this.#ids.has(id);
  }
}

/** A permission request or check as Electron describes it, reduced to what decides. */
export type MediaAsk = {
  readonly permission: string;
  /** The web contents asking; null when Electron does not say (some checks). */
  readonly contentsId: number | null;
  readonly requestingUrl: string | undefined;
  readonly isMainFrame: boolean;
  /** A request's media types ('video', 'audio'); absent on a check. */
  readonly mediaTypes?: readonly string[];
  /** A check's one media type ('video', 'audio', 'unknown'); absent on a request. */
  readonly mediaType?: string;
};

export function mayUseCamera(
  ask: MediaAsk,
  scanning: { has(id: number): boolean },
  isOwnPage: (url: string) => boolean,
): boolean {
  if (ask.permission !== 'media') return false;
  if (!ask.isMainFrame || ask.requestingUrl === undefined || !isOwnPage(ask.requestingUrl)) return false;
  if (ask.contentsId === null || !scanning.has(ask.contentsId)) return false;
  if (ask.mediaTypes !== undefined) return ask.mediaTypes.length > 0 && ask.mediaTypes.every((type) => type === 'video');
  return ask.mediaType === 'video';
}
