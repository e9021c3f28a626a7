import { TOTP_STEP_SECONDS, TOTP_WINDOW, totpCode, totpStep } from '@frameforge/local-stack/emulators/cognito-totp';
import { eventually } from './eventually';

/**
 * A code of a step no code was accepted for yet, with that step: the current
 * step's or, when the current step's code was the last one accepted, the next
 * step's. Cognito, and the emulator with it, takes a code a step either side
 * of the current one (for clocks a little apart) and refuses a step once it
 * accepted a code of it: so a sign-in right after the app was verified needs
 * no wait of up to 30 s for the clock's next step.
 */
export async function unusedTotpCode(secret: string, lastUsedStep: number): Promise<{ code: string; step: number }> {
  const step = Math.max(totpStep(Date.now()), lastUsedStep + 1);
  // Only a step already taken early (two sign-ins within one step) can lie beyond the window: then the clock must come near it.
  await eventually(() => (step - totpStep(Date.now()) <= TOTP_WINDOW ? true : undefined), {
    timeoutMs: (TOTP_STEP_SECONDS + 1) * 1000,
    intervalMs: 200,
    what: `TOTP step ${step} to come within the accepted window`,
  });
  return { code: totpCode(secret, step * TOTP_STEP_SECONDS * 1000), step };
}
