import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRuntimeConfig } from '../../../config/runtime-config';
import { ApiError } from '../../../lib/api-client';
import { openApiDocumentSchema, type OpenApiDocument } from '../openapi-schema';

export const OPENAPI_QUERY_KEY = ['product-api', 'openapi'] as const;

/** The product API's own description of itself; public, so no key and no session. */
export async function getOpenApi(): Promise<OpenApiDocument> {
  const url = `${getRuntimeConfig().productApiUrl.replace(/\/+$/, '')}/openapi.json`;
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new ApiError(`HTTP ${response.status}: Failed to load the API reference`, response.status, false);
  const parsed = openApiDocumentSchema.safeParse(await response.json());
  if (!parsed.success) throw new ApiError(`HTTP ${response.status}: Failed to load the API reference (unexpected document)`, response.status, false);
  return parsed.data;
}

// The server lets caches keep the document for 5 minutes; the page does the same.
export const openApiQuery = queryOptions({ queryKey: OPENAPI_QUERY_KEY, queryFn: getOpenApi, staleTime: 5 * 60_000 });

export function useOpenApi() {
  return useQuery(openApiQuery);
}
