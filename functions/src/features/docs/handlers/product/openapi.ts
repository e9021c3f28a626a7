import { openApiDocument } from '../../openapi/openapi-document';
import { baseUrl } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { publicEndpoint } from '../../../../kernel/http/product/public-endpoint';

/** `GET /openapi.json`: the reference, with this API's own base URL as its server. */
export const handler = publicEndpoint((event) => Promise.resolve(json(200, openApiDocument(baseUrl(event)), { 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' })));
