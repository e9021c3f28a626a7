import { jobEndpointOf } from '../../contracts/product-endpoints';
import { jobEndpoint } from '../../http/job-endpoint';
import { jobEndpointServices } from '../../wiring/jobs';

export const handler = jobEndpoint(jobEndpointOf('redub_tts'), jobEndpointServices);
