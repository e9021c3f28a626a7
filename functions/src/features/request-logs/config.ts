import * as z from 'zod';

/** The variables of the request-logs room. */
export const requestLogsConfigFields = {
  TABLE_API_LOGS: z.string().min(1),
  TABLE_USAGE_COUNTERS: z.string().min(1),
};
