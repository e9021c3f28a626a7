import { useQuery, useQueryClient } from '@tanstack/react-query';
import { profileViewSchema, type ProfileView } from '@frameforge/functions/features/profiles/contracts/profile';
import { apiRequest } from '../../../lib/api-client';

/** The layout's dropdown and the settings page read the same answer. */
export const profileQueryKey = ['profile'] as const;

export function getProfile(): Promise<ProfileView> {
  return apiRequest({ method: 'GET', path: '/profile', schema: profileViewSchema, failure: 'load profile' });
}

export function useProfile(enabled = true) {
  return useQuery({ queryKey: profileQueryKey, queryFn: getProfile, enabled });
}

/** Every profile call answers the whole profile: store it instead of asking again. */
export function useStoreProfile(): (profile: ProfileView) => void {
  const client = useQueryClient();
  return (profile) => client.setQueryData(profileQueryKey, profile);
}
