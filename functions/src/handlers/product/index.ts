import { json } from '../../http/responses';
import { routes } from '../../http/routes';

const endpoints = routes
  .filter((r) => r.api === 'product')
  .map((r) => ({ method: r.method, path: r.path, auth: r.auth === 'api-key' ? 'X-API-Key' : 'none' }));

export const handler = async () =>
  json(200, { name: 'FrameForge API', description: 'Video and audio processing with FFmpeg.', endpoints });
