import { CUSTOM_TRANSITION, TRANSITION_NAMES as ACCEPTED_NAMES, XFADE_TRANSITIONS } from '@frameforge/functions/features/jobs/contracts/transitions';

/** The named transitions come from the shared contract, so the page lists exactly what the API accepts. */
export { CUSTOM_TRANSITION, XFADE_TRANSITIONS };

/** Every value `transition` accepts: the named ones, then custom. */
export const TRANSITION_NAMES: readonly string[] = ACCEPTED_NAMES;

/** The number the landing page states: named transitions, computed, never rounded up. */
export const NAMED_TRANSITION_COUNT = XFADE_TRANSITIONS.length;

/** The landing page's sample request. */
export function sampleCutRequest(productApiUrl: string): string {
  const base = productApiUrl.replace(/\/+$/, '');
  return [`curl -X POST "${base}/cut" \\`, '  -H "X-API-Key: $API_KEY" \\', '  -F file=@input.mp4 \\', '  -F start=5 \\', '  -F duration=10'].join('\n');
}
