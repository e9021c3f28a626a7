/**
 * An adapter whose module, and the AWS SDK client it brings, is imported the
 * first time it is used rather than when the function loads. Every endpoint
 * that may send a usage-alert e-mail or seal a key holds SES, Cognito and KMS
 * clients it seldom calls; imported on use, their code is read and compiled
 * by the few cold starts that need it, not by all of them.
 */
export function loadedOnUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    // A failed import is tried again by the next use instead of failing for the life of the process.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
