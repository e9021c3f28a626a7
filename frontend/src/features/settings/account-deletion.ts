/** spec §9: the word the user types to confirm the deletion. */
export const DELETE_WORD = 'DELETE';

/** spec §9: the wait between the success message and the sign-out. */
export const SIGN_OUT_AFTER_DELETION_MS = 2000;

/** Deletion goes ahead only after OK on the confirm and exactly DELETE typed at the prompt (no trimming, no case folding). */
export function isDeletionConfirmed(confirmed: boolean, typed: string | null): boolean {
  return confirmed && typed === DELETE_WORD;
}
