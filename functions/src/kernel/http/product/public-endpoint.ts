import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { productErrors } from './middlewares';
import type { ProductContext } from './product-context';
import { structuredLogs } from '../logging';
import { productCors } from './product-cors';

/** Product API routes that need no key (health, index, the OpenAPI document). */
export function publicEndpoint(fn: (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>) {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ProductContext>()
    .use(structuredLogs())
    .use(httpHeaderNormalizer())
    .use(productCors())
    .use(productErrors())
    .handler((event) => fn(event));
}
