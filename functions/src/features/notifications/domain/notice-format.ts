/** How account notices write an address and a moment: partly hidden, and in the reader's own time zone. */

/** An address with most of its name hidden (`jo***@example.com`): enough to recognise, not enough to harvest. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  const name = address.slice(0, at);
  const shown = [...name].slice(0, name.length > 4 ? 2 : 1).join('');
  return `${shown}***${address.slice(at)}`;
}

/** A moment in words in the reader's language (`locale`), in the user's time zone from their settings (UTC when it is unknown to this runtime). */
export function formatMoment(at: Date, timeZone: string, locale = 'en-GB'): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone: zone }).format(at);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/** A day in words (a billing period's end), in the user's time zone. */
export function formatDay(at: Date, timeZone: string, locale = 'en-GB'): string {
  const format = (zone: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: zone }).format(at);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}
