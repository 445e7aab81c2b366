import { describe, expect, it } from 'vitest';
import { isPrinterDevicePath, isPrinterHost } from '../../../shared/printer-address.ts';
import { escposConnectionSchema } from '../../../shared/settings.ts';

describe('a thermal printer’s device path', () => {
  it.each([
    '/dev/usb/lp0',
    '/dev/lp1',
    '/dev/ttyUSB0',
    '/dev/ttyACM2',
    '/dev/ttyS0',
    'COM3',
    'com12',
    '\\\\.\\COM10',
    '\\\\localhost\\Receipt',
    '\\\\front-desk.shop.lan\\TM-T20',
  ])('takes %s', (path) => {
    expect(isPrinterDevicePath(path)).toBe(true);
  });

  it.each([
    ['the counter’s own settings file', '/home/shop/.config/esim-counter/counter.json'],
    ['a file beside a device', '/dev/usb/lp0.json'],
    ['a device path climbing out', '/dev/usb/../../etc/passwd'],
    ['another device', '/dev/sda'],
    ['the null device', '/dev/null'],
    ['a relative path', 'lp0'],
    ['a Windows file', 'C:\\Users\\shop\\counter.json'],
    ['a file below a share', '\\\\localhost\\C$\\Users\\shop\\counter.json'],
    ['a drive’s share', '\\\\localhost\\C$'],
    ['the drivers’ share', '\\\\server\\print$'],
    ['a share named only with dots', '\\\\localhost\\..'],
    ['a Windows device that is not a port', '\\\\.\\PhysicalDrive0'],
    ['a long-path prefix', '\\\\?\\C:\\counter.json'],
  ])('refuses %s', (_what, path) => {
    expect(isPrinterDevicePath(path)).toBe(false);
  });

  it('is a field problem the settings screen words, for the contract', () => {
    const parsed = escposConnectionSchema.safeParse({ kind: 'device', path: '/srv/counter/counter.json' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['path'], message: 'printer_device' });
  });
});

describe('a thermal printer’s network host', () => {
  it.each([
    '192.168.1.50',
    'printer.local',
    'tm-t88',
    'EPSON1A2B3C',
    'fe80::1',
    '2001:db8::9100',
    '::ffff:192.168.1.50',
    'localhost',
  ])('takes %s', (host) => {
    expect(isPrinterHost(host)).toBe(true);
  });

  it.each([
    ['a scheme', 'http://printer'],
    ['a port', 'printer:9100'],
    ['a path', 'printer/x'],
    ['a space', 'my printer'],
    ['an address in decimal', '2130706433'],
    ['an address in hex', '0x7f000001'],
    ['a short dotted address', '127.1'],
    ['an address out of range', '192.168.1.256'],
    ['the unspecified address', '0.0.0.0'],
    ['the unspecified IPv6 address', '::'],
    ['broadcast', '255.255.255.255'],
    ['multicast', '239.1.2.3'],
    ['IPv6 multicast', 'ff02::1'],
    ['an IPv6 zone', 'fe80::1%eth0'],
    ['brackets', '[::1]'],
    ['a label with an underscore', 'my_printer'],
  ])('refuses %s', (_what, host) => {
    expect(isPrinterHost(host)).toBe(false);
  });

  it('is a field problem the settings screen words, for the contract', () => {
    const parsed = escposConnectionSchema.safeParse({ kind: 'network', host: '127.1', port: 9100 });
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['host'], message: 'printer_host' });
  });
});
