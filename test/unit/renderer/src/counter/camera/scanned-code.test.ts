import { describe, expect, it } from 'vitest';
import { readScannedCode } from '../../../../../../renderer/src/counter/camera/scanned-code.ts';

describe('a code read by the camera', () => {
  it('is an ICCID when the ICCID rules take it, digits only', () => {
    expect(readScannedCode('8944500102198304826')).toEqual({ kind: 'iccid', iccid: '8944500102198304826' });
    // A QR of an ICCID may carry it grouped, or with the SIM's trailing F.
    expect(readScannedCode(' 8944 5001 0219 8304 826F ')).toEqual({ kind: 'iccid', iccid: '8944500102198304826' });
  });

  it('tells the voucher’s install QR (an LPA activation code) from anything else, keeping its text to look up', () => {
    expect(readScannedCode('LPA:1$sm-dp.example.com$K2-ABCDEF-123456')).toEqual({
      kind: 'lpa',
      text: 'LPA:1$sm-dp.example.com$K2-ABCDEF-123456',
    });
    expect(readScannedCode(' lpa:1$sm-dp.example.com$ \n')).toEqual({ kind: 'lpa', text: 'lpa:1$sm-dp.example.com$' });
  });

  it('says why another code near the counter is not an ICCID, as the typed field would', () => {
    expect(readScannedCode('356938035643809')).toMatchObject({ kind: 'other', problem: { problem: 'imei' } });
    expect(readScannedCode('4006381333931')).toMatchObject({
      kind: 'other',
      problem: { problem: 'length', params: { length: 13 } },
    });
    expect(readScannedCode('1244500102198304826')).toMatchObject({ kind: 'other', problem: { problem: 'prefix' } });
    expect(readScannedCode('https://esimsetup.apple.com/x')).toMatchObject({ kind: 'other', problem: { problem: 'not_digits' } });
  });
});
