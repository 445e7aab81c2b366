/**
 * Data set into a sentence (an ICCID's groups, the service's "1 GB") keeps its own reading order
 * whatever the language around it: in Arabic, "8944 6010 …" would otherwise show its groups from
 * right to left. First-strong isolates (U+2068 … U+2069) are invisible, and a text with no letter
 * (an ICCID) reads left to right. In markup, <bdi> does the same.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
