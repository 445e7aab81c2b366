/**
 * What may stand for a thermal printer's place, as the settings screen and the backend both check
 * it. A printer is a device the OS names for one, or a host on the network; never a file: the
 * transport appends every receipt to what it opens, so a path to a file of the app's own (its
 * settings, its journal) would be written over with ESC/POS bytes.
 */

/**
 * The device names a receipt printer gets: a USB printer (/dev/usb/lp0, /dev/lp0), a USB serial
 * adapter or a USB CDC printer (/dev/ttyUSB0, /dev/ttyACM0), a serial port (/dev/ttyS0).
 */
const POSIX_DEVICE = /^\/dev\/(?:usb\/lp|lp|ttyUSB|ttyACM|ttyS)\d{1,3}$/;
/** A Windows serial port, as COM3 or in its device namespace as \\.\COM3 (needed past COM9). */
const WINDOWS_COM = /^(?:\\\\\.\\)?COM\d{1,3}$/i;
/**
 * A printer shared under Windows, \\host\name: one host and one share name, nothing below it (a
 * path below a share is a file in a folder). Names ending in $ are the system's own shares (C$,
 * ADMIN$, print$ with the drivers): folders, never a printer.
 */
const WINDOWS_SHARE = /^\\\\[A-Za-z0-9][A-Za-z0-9.-]{0,62}\\(?!\.+$)[^\\/:*?"<>|\p{Cc}]{0,79}[^\\/:*?"<>|$\p{Cc}]$/u;

/** Whether `path` names a printer device by its form; the transport still checks what it is when it opens it. */
export function isPrinterDevicePath(path: string): boolean {
  return POSIX_DEVICE.test(path) || WINDOWS_COM.test(path) || WINDOWS_SHARE.test(path);
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6 = /^[0-9A-Fa-f:.]{2,45}$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
/** What the system's resolver reads as an address, not a name: 2130706433, 0x7f000001, 127.1. */
const NUMERIC_LABEL = /^(?:\d+|0x[0-9a-f]*)$/i;

function isIpv6(host: string): boolean {
  if (!IPV6.test(host) || (host.match(/::/g)?.length ?? 0) > 1) return false;
  const groups = host.split(':');
  const tail = groups.at(-1)!;
  const v4Tail = tail.includes('.');
  if (v4Tail && !IPV4.test(tail)) return false;
  const hex = (v4Tail ? groups.slice(0, -1) : groups).filter((g, i, all) => g !== '' || (i > 0 && i < all.length - 1));
  if (!hex.every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g) || g === '')) return false;
  const count = hex.filter((g) => g !== '').length + (v4Tail ? 2 : 0);
  return host.includes('::') ? count < 8 : count === 8;
}

/**
 * A host name, an IPv4 address written in full, or an IPv6 address: no scheme, port, path or zone.
 * Never an address that is no one printer (0.0.0.0, ::, broadcast, multicast) nor a number the
 * resolver would read as an address in disguise.
 */
export function isPrinterHost(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  if (IPV4.test(host)) {
    const first = Number(host.split('.')[0]);
    return host !== '0.0.0.0' && host !== '255.255.255.255' && !(first >= 224 && first <= 239);
  }
  if (host.includes(':')) return isIpv6(host) && !/^::$|^::0*$/.test(host) && !/^ff/i.test(host);
  const labels = host.split('.');
  return labels.every((label) => LABEL.test(label)) && !NUMERIC_LABEL.test(labels.at(-1)!);
}

/**
 * The lowest port a test page may go to at an address not saved yet. Raw printing listens on 9100
 * (or a print server's higher ports); below 1024 are other services' (ssh, mail, web, LPD and IPP,
 * which take no raw ESC/POS), so the test page is never a way to knock on them.
 */
export const PRINTER_TEST_MIN_PORT = 1024;
