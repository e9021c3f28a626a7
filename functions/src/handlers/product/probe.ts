import { probeRequestSchema } from '../../contracts/requests/probe-request';
import { keyedEndpoint } from '../../http/product/keyed-endpoint';
import { parseRequest } from '../../http/product/request-validation';
import { parseFormBody } from '../../http/form-body';
import { apiKeyPrincipal } from '../../http/request';
import { json } from '../../http/responses';
import { readServices } from '../wiring/keyed-reads';
import { mediaProbes } from '../wiring/media-probes';

/**
 * `POST /probe`: duration, container, size and streams of one file (an
 * upload, a task output or a public URL), read from its headers. No job and
 * no job slot: it takes the keyed chain that counts nothing, as GET /task.
 */
export const handler = keyedEndpoint(readServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  const body = parseRequest(probeRequestSchema, await parseFormBody(event, { maxFileBytes: 0 }));
  return json(200, await mediaProbes().probe(userId, body));
});
