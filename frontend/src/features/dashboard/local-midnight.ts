/** The start of today in the browser's time zone ("Today's Requests" count from here). */
export function localMidnight(now: Date): Date {
  // The Date constructor reads its fields as local time and moves a midnight that a DST change skips to the next valid instant.
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** The `since` of `GET /stats`: local midnight as an ISO instant. */
export function localMidnightIso(now: Date = new Date()): string {
  return localMidnight(now).toISOString();
}
