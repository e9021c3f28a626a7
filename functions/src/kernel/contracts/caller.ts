import type { ApiKeyMode } from './key-modes';
import type { Tier } from './plans';

/** What an authenticated request carries about its caller. */
export interface ApiKeyPrincipal {
  userId: string;
  apiKeyId: string;
  /** Test keys work without a plan, with capped outputs and limits of their own. */
  mode: ApiKeyMode;
}

/** The caller of a keyed request, with the tier its plan gives, as the gateway's authorizer resolved its key. */
export type Caller = ApiKeyPrincipal & { tier: Tier };
