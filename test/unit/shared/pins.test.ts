import { describe, expect, it } from 'vitest';
import { pinProblem } from '../../../shared/pins.ts';

describe('pinProblem', () => {
  it('takes 4 to 8 digits that are not the first a stranger would try', () => {
    for (const pin of ['2468', '1357', '5824', '90210', '13572468']) expect(pinProblem(pin), pin).toBeNull();
  });

  it('says what is wrong with the format', () => {
    for (const pin of ['123', '123456789', '12a4', ' 1234', '']) expect(pinProblem(pin), pin).toBe('format');
  });

  it('refuses a repeated digit and runs up or down', () => {
    for (const pin of ['0000', '1111', '1234', '4321', '12345678', '6789', '9876']) {
      expect(pinProblem(pin), pin).toBe('too_easy');
    }
  });
});
