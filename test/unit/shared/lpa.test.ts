import { describe, expect, it } from 'vitest';
import { manualCode } from '../../../shared/lpa.ts';

describe('manualCode', () => {
  it('reads the SM-DP+ address and the activation code out of an LPA string', () => {
    expect(manualCode('LPA:1$rsp.example.com$K2-1ABC-2DEF')).toEqual({ smdp: 'rsp.example.com', activationCode: 'K2-1ABC-2DEF' });
    // A confirmation-code flag after the matching ID is not part of what is typed.
    expect(manualCode('lpa:1$smdp.io$ABC123$$1')).toEqual({ smdp: 'smdp.io', activationCode: 'ABC123' });
  });

  it('has nothing to show for a masked or missing code', () => {
    expect(manualCode(null)).toBeNull();
    expect(manualCode('LPA:1$smdp.io$')).toBeNull();
    expect(manualCode('https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1$x$y')).toBeNull();
  });
});
