/**
 * The processing endpoints (each a POST that makes a task): their paths and
 * their functions' handler modules, apart from their request schemas. The
 * route table builds their routes from it, and the request log tells
 * processing from reads with it on every request, without loading every
 * operation's schema. `product-endpoints.test.ts` keeps it equal to the jobs
 * room's JOB_ENDPOINTS.
 */
export const PROCESSING_ROUTES: readonly { path: string; handler: string }[] = [
  { path: '/frame/last', handler: 'product/frame-last' },
  { path: '/cut', handler: 'product/cut' },
  { path: '/crop', handler: 'product/crop' },
  { path: '/merge', handler: 'product/merge' },
  { path: '/merge_urls', handler: 'product/merge-urls' },
  { path: '/redub', handler: 'product/redub' },
  { path: '/redub_tts', handler: 'product/redub-tts' },
  { path: '/redub_vc', handler: 'product/redub-vc' },
  { path: '/captions/auto', handler: 'product/captions-auto' },
];

export const PROCESSING_PATHS: readonly string[] = PROCESSING_ROUTES.map((route) => route.path);

/** A request to a processing endpoint: `route` is the API's resource path ("/cut"), not the request's path. */
export const isProcessingRequest = (method: string, route: string): boolean => method.toUpperCase() === 'POST' && PROCESSING_PATHS.includes(route);
