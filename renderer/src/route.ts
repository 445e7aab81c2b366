/** Browser mode opens the customer display at /display; a file:// window (Electron) can use #/display. */
export function isDisplayRoute(location: Pick<Location, 'pathname' | 'hash'>): boolean {
  return /\/display\/?$/.test(location.pathname) || /^#\/display\b/.test(location.hash);
}
