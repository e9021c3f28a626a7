import { JOB_ENDPOINTS } from '../../../jobs/contracts/product-endpoints';
import { publicEndpoint } from '../../../../kernel/http/product/public-endpoint';
import { json } from '../../../../kernel/http/responses';
import { routes } from '../../../../kernel/http/routes';

const summaries = new Map(JOB_ENDPOINTS.map((endpoint) => [endpoint.path, endpoint.summary]));
const endpoints = routes
  .filter((r) => r.api === 'product')
  .map((r) => ({ method: r.method, path: r.path, auth: r.auth === 'api-key' ? 'X-API-Key' : 'none', ...(summaries.has(r.path) ? { summary: summaries.get(r.path) } : {}) }));

/** `GET /`: the API's name and its endpoints; the full reference is `GET /openapi.json`. */
export const handler = publicEndpoint(() =>
  Promise.resolve(json(200, { name: 'FrameForge API', description: 'Video and audio processing with FFmpeg.', reference: '/openapi.json', endpoints })),
);
