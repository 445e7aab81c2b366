import { describe, expect, it } from 'vitest';
import { flagEmoji } from '../../../../../renderer/src/components/flag.ts';

describe('flagEmoji', () => {
  it('builds regional indicators', () => expect(flagEmoji('JP')).toBe('🇯🇵'));
  it('falls back to a globe for anything else, a region’s code included', () => expect(flagEmoji('world')).toBe('🌐'));
});
