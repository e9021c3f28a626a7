import { useMutation } from '@tanstack/react-query';
import { deleteAccountResponseSchema } from '@frameforge/functions/features/profiles/contracts/profile';
import { apiRequest } from '../../../lib/api-client';

/** Removes every record, file and the sign-in of the user; the answer comes once it is all done. */
export async function deleteAccount(): Promise<void> {
  await apiRequest({ method: 'DELETE', path: '/account', schema: deleteAccountResponseSchema, failure: 'delete account' });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
