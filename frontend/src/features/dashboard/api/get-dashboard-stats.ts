import { listApiKeysResponseSchema } from '@frameforge/functions/contracts/api-keys';
import { apiRequest } from '../../../lib/api-client';

export interface DashboardStats {
  totalRequests: number;
  todayRequests: number;
  activeKeys: number;
  /** ISO instant of the latest request, or null for 'Never'. */
  lastRequestAt: string | null;
}

export const EMPTY_STATS: DashboardStats = { totalRequests: 0, todayRequests: 0, activeKeys: 0, lastRequestAt: null };

/**
 * For now only the active-key count is real (GET /api-keys); request counts arrive with the usage API.
 * Data-load failures are silently ignored: the stats fall back to zeros.
 */
export async function getDashboardStats(): Promise<DashboardStats> {
  try {
    const answer = await apiRequest({ method: 'GET', path: '/api-keys', schema: listApiKeysResponseSchema, failure: 'load API keys' });
    return { ...EMPTY_STATS, activeKeys: answer.active_count };
  } catch {
    return EMPTY_STATS;
  }
}
