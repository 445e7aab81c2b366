/**
 * Whether text looks like an e-mail address the way the backend's checks take it (zod's email,
 * which wants a dot in the domain): the screens say so while the person is still typing, instead
 * of a refusal at the end.
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function looksLikeEmail(text: string): boolean {
  return EMAIL.test(text.trim()) && text.trim().length <= 254;
}
