import { publicEndpoint } from '../../../../kernel/http/product/public-endpoint';
import { text } from '../../../../kernel/http/responses';

export const handler = publicEndpoint(() => Promise.resolve(text(200, 'ok')));
