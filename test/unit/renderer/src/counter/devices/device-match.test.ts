import { describe, expect, it } from 'vitest';
import { deviceName, matchQuality, osLabel, verdictMatch } from '../../../../../../renderer/src/counter/devices/device-match.ts';
import type { DeviceMatch } from '../../../../../../shared/esims.ts';

const device = (brand: string, name: string, os = 'android', model: string | null = null): DeviceMatch => ({
  brand,
  name,
  model,
  os,
});
const mini = device('Apple', 'iPhone 13 mini', 'ios');
const nokias = [device('Nokia', 'G60 5G'), device('Nokia', 'X30 5G'), device('Nokia', 'XR21'), device('Zte', 'nubia Flip 5G')];

describe('matchQuality', () => {
  it('is exact when every word typed starts a word of the device, or of its run-together name', () => {
    expect(matchQuality('iphone 13 mini', mini)).toBe('exact');
    expect(matchQuality('apple iphone13 mi', mini)).toBe('exact');
  });

  it('is close when a word has a typo the search forgives, the numbers matching', () => {
    expect(matchQuality('ipone 13 mini', mini)).toBe('close');
    expect(matchQuality('iphnoe 13 mini', mini)).toBe('close');
    expect(matchQuality('galxy s23', device('Samsung', 'Galaxy S23'))).toBe('close');
  });

  it('is nothing when a word is not the device’s: another number, another model', () => {
    expect(matchQuality('ipone 15 mini', mini)).toBeNull();
    expect(matchQuality('iphone 13 pro', mini)).toBeNull();
    for (const d of nokias) expect(matchQuality('Nokia 3310', d)).toBeNull();
    expect(matchQuality('  ', mini)).toBeNull();
  });
});

describe('verdictMatch', () => {
  it('is about the first exact match, else the first close one, else none', () => {
    const list = [device('Apple', 'iPhone 13'), mini, device('Apple', 'iPhone 13 Pro')];
    expect(verdictMatch('iphone 13 mini', list)).toEqual({ index: 1, quality: 'exact' });
    expect(verdictMatch('ipone 13 mini', [mini])).toEqual({ index: 0, quality: 'close' });
    expect(verdictMatch('Nokia 3310', nokias)).toBeNull();
  });
});

describe('device words', () => {
  it('writes the system as its maker does', () => {
    expect(osLabel('ios')).toBe('iOS');
    expect(osLabel('android')).toBe('Android');
    expect(osLabel('KaiOS')).toBe('KaiOS');
  });

  it('does not repeat the brand', () => {
    expect(deviceName(mini)).toBe('Apple iPhone 13 mini');
    expect(deviceName(device('Google', 'Google Pixel 8'))).toBe('Google Pixel 8');
  });
});
