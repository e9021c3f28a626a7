import { openApiDocument } from '../../http/openapi/openapi-document';
import { baseUrl } from '../../http/request';
import { json } from '../../http/responses';
import { publicEndpoint } from '../../http/product/public-endpoint';

/** `GET /openapi.json`: the reference, with this API's own base URL as its server. */
export const handler = publicEndpoint((event) => Promise.resolve(json(200, openApiDocument(baseUrl(event)), { 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' })));
