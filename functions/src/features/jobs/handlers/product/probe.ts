import { probeRequestSchema } from '../../contracts/requests/probe-request';
import { keyedEndpoint } from '../../../../kernel/http/product/keyed-endpoint';
import { parseRequest } from '../../../../kernel/http/product/request-validation';
import { parseFormBody } from '../../../../kernel/http/form-body';
import { apiKeyPrincipal } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { readServices } from '../../wiring/keyed-reads';
import { mediaProbes } from '../../wiring/media-probes';

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
