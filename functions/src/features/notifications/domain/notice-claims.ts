/**
 * Once-only marks for notices: whoever claims an id first sends the notice,
 * so racing API instances and workers never send it twice.
 */
export interface NoticeClaims {
  /** True for the first claim of `id`; the mark lapses at `expiresAtSeconds` (epoch seconds). */
  claim(id: string, expiresAtSeconds: number): Promise<boolean>;
  /** Gives a claim back when its notice could not be sent, so a later trigger may try again. */
  release(id: string): Promise<void>;
}
