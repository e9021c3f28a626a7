import { text } from '../../http/responses';

export const handler = async () => text(200, 'ok');
