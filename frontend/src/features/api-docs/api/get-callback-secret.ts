import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';

const callbackSecretSchema = z.object({ secret: z.string().min(1) });

export function getCallbackSecret(): Promise<string> {
  return apiRequest({ method: 'GET', path: '/callback-secret', schema: callbackSecretSchema, failure: 'load the signing secret' }).then((answer) => answer.secret);
}

/** The secret that signs this account's callback deliveries; fetched only once the user asks to see it. */
export function useCallbackSecret(enabled: boolean) {
  // Never kept once nothing shows it: it is a credential.
  return useQuery({ queryKey: ['callback-secret'], queryFn: getCallbackSecret, enabled, staleTime: Infinity, gcTime: 0 });
}
