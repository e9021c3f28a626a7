import { useMutation } from '@tanstack/react-query';
import { profileViewSchema, type ProfileView } from '@frameforge/functions/features/profiles/contracts/profile';
import { apiRequest } from '../../../lib/api-client';
import type { PreferencesFormValues, ProfileFormValues } from '../schemas';
import { useStoreProfile } from './profile';

export function updateProfile(values: ProfileFormValues): Promise<ProfileView> {
  return apiRequest({ method: 'PUT', path: '/profile', body: { username: values.username.trim() }, schema: profileViewSchema, failure: 'update profile' });
}

export function updatePreferences(values: PreferencesFormValues): Promise<ProfileView> {
  return apiRequest({ method: 'PUT', path: '/preferences', body: values, schema: profileViewSchema, failure: 'save preferences' });
}

export function useUpdateProfile() {
  const store = useStoreProfile();
  return useMutation({ mutationFn: updateProfile, onSuccess: store });
}

export function useUpdatePreferences() {
  const store = useStoreProfile();
  return useMutation({ mutationFn: updatePreferences, onSuccess: store });
}
