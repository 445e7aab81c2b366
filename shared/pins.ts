/**
 * What makes a staff PIN acceptable. Four digits are quick at a busy counter; the ones anybody
 * would try first are refused. The renderer words each problem (errors:pin); the English here is
 * for the backend's answers to API callers and its log.
 */
export const PIN_FORMAT = /^\d{4,8}$/;

export type PinProblem = 'format' | 'too_easy';

export const PIN_PROBLEM_WORDS: Record<PinProblem, string> = {
  format: 'A PIN is 4 to 8 digits.',
  too_easy: 'That PIN is too easy to guess (one digit repeated, or a run like 1234). Pick another.',
};

export function pinProblem(pin: string): PinProblem | null {
  if (!PIN_FORMAT.test(pin)) return 'format';
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => d - digits[i]!));
  // One repeated digit (1111), or a run up or down by one (1234, 9876).
  if (steps.size === 1 && [0, 1, -1].includes([...steps][0]!)) return 'too_easy';
  return null;
}
