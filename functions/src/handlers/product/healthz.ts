import { publicEndpoint } from '../../http/product/public-endpoint';
import { text } from '../../http/responses';

export const handler = publicEndpoint(() => Promise.resolve(text(200, 'ok')));
