import { describe, expect, it } from 'vitest';
import { practiceMark } from '../../../shared/display.ts';

describe('the practice mark', () => {
  it('is one word per environment, none in Production', () => {
    expect(practiceMark('demo')).toBe('DEMO');
    expect(practiceMark('partner_sandbox')).toBe('TRAINING');
    expect(practiceMark('production')).toBeNull();
  });
});
