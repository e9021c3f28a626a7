/**
 * Seals small secrets at rest (envelope encryption). `context` is
 * authenticated, not secret: a value opens only with the context it was
 * sealed with, so it cannot be moved to another owner or job. Opening with
 * another context, or a value that was altered, fails with
 * `SealedValueError`; a key service that cannot be reached fails otherwise,
 * so the caller can try again.
 */
export interface Sealer {
  seal(plaintext: string, context: Record<string, string>): Promise<string>;
  open(sealed: string, context: Record<string, string>): Promise<string>;
}
