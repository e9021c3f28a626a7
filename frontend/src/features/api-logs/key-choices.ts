import type { ApiLogView } from '@frameforge/functions/features/request-logs/contracts/api-logs';

export interface KeyOption {
  id: string;
  name: string;
  /** Not among the active keys: known only from its requests. */
  revoked: boolean;
}

/** The key filter's choices: the active keys, newest first, then revoked keys whose requests are on screen. */
export function keyChoicesOf(active: readonly { id: string; name: string }[], logs: readonly Pick<ApiLogView, 'api_key_id' | 'key_name'>[]): KeyOption[] {
  const choices: KeyOption[] = active.map((key) => ({ id: key.id, name: key.name, revoked: false }));
  const known = new Set(choices.map((choice) => choice.id));
  for (const log of logs) {
    if (known.has(log.api_key_id)) continue;
    known.add(log.api_key_id);
    choices.push({ id: log.api_key_id, name: log.key_name, revoked: true });
  }
  return choices;
}
