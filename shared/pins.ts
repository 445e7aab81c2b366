/**
 * What makes a staff PIN acceptable, said in words for the manager who sets one. Four digits are
 * quick at a busy counter; the ones anybody would try first are refused.
 */
export const PIN_FORMAT = /^\d{4,8}$/;

export function pinProblem(pin: string): string | null {
  if (!PIN_FORMAT.test(pin)) return 'A PIN is 4 to 8 digits.';
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => d - digits[i]!));
  // One repeated digit (1111), or a run up or down by one (1234, 9876).
  if (steps.size === 1 && [0, 1, -1].includes([...steps][0]!)) {
    return 'That PIN is too easy to guess (one digit repeated, or a run like 1234). Pick another.';
  }
  return null;
}
