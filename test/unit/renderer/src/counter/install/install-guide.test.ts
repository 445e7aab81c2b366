import { describe, expect, it } from 'vitest';
import type { InstallSteps } from '../../../../../../shared/esims.ts';
import {
  answerLanguage,
  clerkGuide,
  codesOf,
  languageName,
  markCodes,
} from '../../../../../../renderer/src/counter/install/install-guide.ts';

const CODE = 'LPA:1$smdp.example.com$DUMMY-123456-SECRET';

function platform(
  os: 'ios' | 'android',
  model: string | null,
  version: string | null,
  qr = ['Scan the QR code.'],
): InstallSteps['platforms'][number] {
  return {
    os,
    model,
    version,
    qrSteps: qr,
    manualSteps: ['Tap "Enter Details Manually".', `Enter the activation code: ${CODE}.`],
    networkSteps: ['Turn on "Data Roaming".', ' '],
  };
}

const steps: InstallSteps = {
  language: 'en',
  manualHidden: false,
  platforms: [
    platform('ios', null, '17.4,18,26'),
    platform('ios', null, '14,15,16,17'),
    platform('android', null, null, ['Open the SIM manager.']),
    platform('android', 'Galaxy', null, ['Open the SIM manager.']),
    platform('android', 'Pixel', null, ['Open Network & internet.']),
  ],
};

describe('clerkGuide', () => {
  it('shows the manual steps, codes and all, only for a revealed eSIM', () => {
    const revealed = clerkGuide(steps, true);
    expect(revealed.manualHidden).toBe(false);
    expect(revealed.systems[0]!.variants[0]!.manualSteps).toContain(`Enter the activation code: ${CODE}.`);

    const masked = clerkGuide(steps, false);
    expect(masked.manualHidden).toBe(true);
    expect(JSON.stringify(masked)).not.toContain('DUMMY-123456-SECRET');
    expect(masked.systems.every((s) => s.variants.every((v) => v.manualSteps.length === 0))).toBe(true);
    expect(masked.systems[0]!.variants[0]!.qrSteps).toEqual(['Scan the QR code.']);
  });

  it('drops any other step that quotes an LPA string while the eSIM is masked', () => {
    const leaky: InstallSteps = {
      language: 'en',
      manualHidden: false,
      platforms: [platform('ios', null, null, ['Scan.', `Or type ${CODE}`])],
    };
    expect(clerkGuide(leaky, false).systems[0]!.variants[0]!.qrSteps).toEqual(['Scan.']);
    expect(clerkGuide(leaky, true).systems[0]!.variants[0]!.qrSteps).toEqual(['Scan.', `Or type ${CODE}`]);
  });

  it('says the manual steps are hidden when the backend already left them out', () => {
    const withheld: InstallSteps = {
      language: 'en',
      manualHidden: true,
      platforms: [{ ...platform('ios', null, null), manualSteps: [] }],
    };
    expect(clerkGuide(withheld, true).manualHidden).toBe(true);
  });

  it('merges devices with the same steps and labels only the ones that differ', () => {
    const guide = clerkGuide(steps, true);
    expect(guide.systems.map((s) => s.name)).toEqual(['iPhone', 'Android']);
    const [ios, android] = guide.systems;
    expect(ios!.variants).toHaveLength(1);
    expect(ios!.variants[0]!.label).toBeNull();
    expect(android!.variants.map((v) => v.label)).toEqual(['Other Android phones · Galaxy', 'Pixel']);
    expect(ios!.variants[0]!.networkSteps).toEqual(['Turn on "Data Roaming".']);
  });

  it('labels iOS versions readably', () => {
    const differing: InstallSteps = {
      language: 'en',
      manualHidden: false,
      platforms: [platform('ios', null, '17.4,18,26', ['A.']), platform('ios', null, '14,15', ['B.'])],
    };
    expect(clerkGuide(differing, true).systems[0]!.variants.map((v) => v.label)).toEqual(['iOS 17.4, 18, 26', 'iOS 14, 15']);
  });

  it('leaves out a system, or everything, when the service has no steps', () => {
    expect(clerkGuide({ language: 'en', manualHidden: false, platforms: [] }, true).systems).toEqual([]);
    const iosOnly: InstallSteps = { language: 'en', manualHidden: false, platforms: [platform('ios', null, null)] };
    expect(clerkGuide(iosOnly, false).systems.map((s) => s.os)).toEqual(['ios']);
    const empty: InstallSteps = {
      language: 'en',
      manualHidden: false,
      platforms: [{ os: 'android', model: null, version: null, qrSteps: [], manualSteps: [''], networkSteps: [] }],
    };
    expect(clerkGuide(empty, true).systems).toEqual([]);
  });
});

describe('answerLanguage and languageName', () => {
  it('says when the service answered in another language than the one asked', () => {
    expect(answerLanguage('de', 'de')).toEqual({ answered: 'de', fellBack: false });
    expect(answerLanguage('pt', 'PT-BR')).toEqual({ answered: 'PT-BR', fellBack: false });
    expect(answerLanguage('zh-CN', 'zh-cn')).toEqual({ answered: 'zh-cn', fellBack: false });
    expect(answerLanguage('ko', 'en')).toEqual({ answered: 'en', fellBack: true });
    expect(answerLanguage('ko', '')).toEqual({ answered: 'en', fellBack: true });
  });

  it('names a language in the clerk’s language, the pseudo-locale as English', () => {
    expect(languageName('ko', 'en')).toBe('Korean');
    expect(languageName('en', 'de')).toBe('Englisch');
    expect(languageName('de', 'en-XA')).toBe('German');
    expect(languageName('ja', 'ja')).toBe('日本語');
  });
});

describe('codesOf and markCodes', () => {
  it('reads the SM-DP+ address and activation code out of the LPA text', () => {
    expect(codesOf(CODE)).toEqual([CODE, 'smdp.example.com', 'DUMMY-123456-SECRET']);
    expect(codesOf(null)).toEqual([]);
    expect(codesOf('not an lpa')).toEqual([]);
  });

  it('sets the codes apart in a step, the whole LPA text before its parts', () => {
    const codes = codesOf(CODE);
    expect(markCodes('Enter smdp.example.com and DUMMY-123456-SECRET.', codes)).toEqual([
      { text: 'Enter ', code: false },
      { text: 'smdp.example.com', code: true },
      { text: ' and ', code: false },
      { text: 'DUMMY-123456-SECRET', code: true },
      { text: '.', code: false },
    ]);
    expect(markCodes(`Type ${CODE}.`, codes)).toEqual([
      { text: 'Type ', code: false },
      { text: CODE, code: true },
      { text: '.', code: false },
    ]);
    expect(markCodes('Scan the QR code.', [])).toEqual([{ text: 'Scan the QR code.', code: false }]);
  });
});
