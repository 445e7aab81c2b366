import { describe, expect, it } from 'vitest';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';
import { AppFailure } from '../../../../../shared/errors.ts';
import { installSteps } from '../../../../../electron/backend/catalogue/instructions.ts';
import { fakePartner } from '../fake-partner.ts';

const ICCID = '8944465400000000016';

async function failure(error: PartnerError): Promise<AppFailure['error']> {
  const partner = fakePartner(() => {
    throw error;
  });
  const thrown = await installSteps(partner, ICCID, 'en', () => false).then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(AppFailure);
  return (thrown as AppFailure).error;
}

describe('installSteps failures', () => {
  it('says the service failed, not the app, when the service answers 5xx', async () => {
    expect((await failure(new PartnerError('server', 'HTTP 503', { status: 503 }))).code).toBe('partner_error');
  });
  it('keeps not found, and words the other kinds the counter meets', async () => {
    expect((await failure(new PartnerError('not_found', 'no'))).code).toBe('not_found');
    expect((await failure(new PartnerError('auth', 'no'))).code).toBe('partner_auth');
    expect((await failure(new PartnerError('network_before_send', 'no'))).code).toBe('service_unreachable');
    expect(await failure(new PartnerError('rate_limited', 'slow', { retryAfterSeconds: 30 }))).toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: 30,
    });
  });
  it('passes on a programming error as it is', async () => {
    const partner = fakePartner(() => {
      throw new TypeError('boom');
    });
    await expect(installSteps(partner, ICCID, 'en', () => false)).rejects.toThrow(TypeError);
  });
});

describe('installSteps and the activation code', () => {
  const LPA = 'LPA:1$smdp.example.com$DUMMY-SECRET-42';
  const device = {
    model: null,
    version: '17.4',
    installation_via_qr_code: {
      steps: { '2': `Or paste ${LPA} in Settings.`, '1': 'Scan the QR code.' },
      qr_code_data: LPA,
      qr_code_url: 'https://example.com/qr.png',
    },
    installation_manual: {
      steps: {
        '1': 'Tap "Enter Details Manually".',
        '2': 'SM-DP+ Address: smdp.example.com',
        '3': 'Activation Code: DUMMY-SECRET-42',
      },
      smdp_address_and_activation_code: LPA,
    },
    network_setup: { steps: { '1': 'Turn on Data Roaming.' }, apn_type: 'automatic', apn_value: null, is_roaming: true },
  };
  const partner = () =>
    fakePartner(() => ({ data: { instructions: { language: 'EN', ios: [device], android: [] } }, meta: { message: 'success' } }));

  it('gives the manual steps, codes and all, to someone who may see this eSIM’s codes', async () => {
    const asked: string[] = [];
    const steps = await installSteps(partner(), ` ${ICCID} `, 'en', (iccid) => (asked.push(iccid), true));
    expect(asked).toEqual([ICCID]);
    expect(steps.manualHidden).toBe(false);
    expect(steps.platforms[0]!.qrSteps).toEqual(['Scan the QR code.', `Or paste ${LPA} in Settings.`]);
    expect(steps.platforms[0]!.manualSteps).toContain('Activation Code: DUMMY-SECRET-42');
  });

  it('leaves out every step that carries a code for anyone else, and says so', async () => {
    const steps = await installSteps(partner(), ICCID, 'en', () => false);
    expect(JSON.stringify(steps)).not.toContain('DUMMY-SECRET-42');
    expect(JSON.stringify(steps)).not.toContain('smdp.example.com');
    expect(steps.manualHidden).toBe(true);
    expect(steps.platforms[0]).toMatchObject({
      qrSteps: ['Scan the QR code.'],
      manualSteps: [],
      networkSteps: ['Turn on Data Roaming.'],
    });
  });

  it('drops a step that quotes the code in any language, found by its value', async () => {
    const german = {
      ...device,
      installation_via_qr_code: {
        ...device.installation_via_qr_code,
        steps: {
          '1': 'QR-Code scannen.',
          '2': 'Oder den Aktivierungscode DUMMY-SECRET-42 eingeben.',
          '3': 'Server SMDP.example.com',
        },
      },
    };
    const leaky = fakePartner(() => ({
      data: { instructions: { language: 'DE', ios: [german], android: [] } },
      meta: { message: 'success' },
    }));
    const steps = await installSteps(leaky, ICCID, 'de', () => false);
    expect(steps.platforms[0]!.qrSteps).toEqual(['QR-Code scannen.']);
    expect(JSON.stringify(steps)).not.toMatch(/DUMMY-SECRET-42|smdp\.example\.com/i);
  });
});
