/** What the display's page needs: its own words, and the install words and places' names it shares with the voucher. */
export const DISPLAY_NAMESPACES = ['display', 'install', 'places'] as const;
