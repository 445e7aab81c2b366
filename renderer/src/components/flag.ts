/** The flag emoji of an ISO 3166-1 alpha-2 code, built from regional indicator symbols. */
export function flagEmoji(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return '🌐';
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}
