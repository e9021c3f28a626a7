import { jobEndpointOf } from '../../contracts/product-endpoints';
import { jobEndpoint } from '../../http/product/job-endpoint';
import { jobEndpointServices } from '../services';

export const handler = jobEndpoint(jobEndpointOf('merge'), jobEndpointServices);
