/**
 * Keys of the server state that more than one feature touches: a key created or revoked on one page
 * changes the figures another page shows.
 */
export const queryKeys = {
  apiKeys: ['api-keys'] as const,
  apiLogs: (query: string) => ['api-logs', query] as const,
  usageStatsAll: ['usage-stats'] as const,
  usageStats: (since: string) => ['usage-stats', since] as const,
};
