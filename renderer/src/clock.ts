/** The counter's clock: 24-hour "HH:MM" on every counter screen (the design's "as of HH:MM"). */
export function clock(iso: string | number | Date): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** A day other than today: its short date and the same clock. */
export function dateAndClock(iso: string | number | Date): string {
  const d = new Date(iso);
  return `${d.toLocaleDateString([], { dateStyle: 'short' })} ${clock(d)}`;
}

/** When something ends: the clock alone if that is today, with the date if not (a lock can run into tomorrow). */
export function clockOrDate(iso: string | number | Date, now: Date = new Date()): string {
  const d = new Date(iso);
  return d.toDateString() === now.toDateString() ? clock(d) : dateAndClock(d);
}
