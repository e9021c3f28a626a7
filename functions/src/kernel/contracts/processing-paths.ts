/**
 * The processing endpoints' paths (each a POST that makes a task), apart
 * from their request schemas: the request log tells processing from reads
 * with them on every request, without loading every operation's schema.
 * `product-endpoints.test.ts` keeps the list equal to JOB_ENDPOINTS.
 */
export const PROCESSING_PATHS: readonly string[] = ['/frame/last', '/cut', '/crop', '/merge', '/merge_urls', '/redub', '/redub_tts', '/redub_vc', '/captions/auto'];

/** A request to a processing endpoint: `route` is the API's resource path ("/cut"), not the request's path. */
export const isProcessingRequest = (method: string, route: string): boolean => method.toUpperCase() === 'POST' && PROCESSING_PATHS.includes(route);
