/**
 * Keys of the server state that more than one feature touches: a key created or revoked on one page
 * changes the figures another page shows.
 */
export const queryKeys = {
  apiKeys: ['api-keys'] as const,
  apiLogs: (query: string) => ['api-logs', query] as const,
  tasksAll: ['tasks'] as const,
  tasks: (query: string) => ['tasks', 'list', query] as const,
  task: (id: string) => ['tasks', 'one', id] as const,
  usageStatsAll: ['usage-stats'] as const,
  usageStats: (since: string) => ['usage-stats', since] as const,
};
