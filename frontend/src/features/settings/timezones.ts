import { TIMEZONES, type Timezone } from '@frameforge/functions/features/profiles/contracts/profile';

/** Translation keys of the eight timezones (IANA names hold slashes, which make poor keys). */
export const TIMEZONE_LABEL_KEYS = {
  UTC: 'utc',
  'America/New_York': 'newYork',
  'America/Chicago': 'chicago',
  'America/Denver': 'denver',
  'America/Los_Angeles': 'losAngeles',
  'Europe/London': 'london',
  'Europe/Paris': 'paris',
  'Asia/Tokyo': 'tokyo',
} as const satisfies Record<Timezone, string>;

export { TIMEZONES };
