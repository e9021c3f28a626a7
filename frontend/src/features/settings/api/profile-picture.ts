import { useMutation } from '@tanstack/react-query';
import {
  pictureUploadResponseSchema,
  profileViewSchema,
  type PictureUploadResponse,
  type ProfileView,
} from '@frameforge/functions/features/profiles/contracts/profile';
import { apiRequest } from '../../../lib/api-client';
import { StorageUploadError } from '../settings-errors';
import { useStoreProfile } from './profile';

export function requestPictureUpload(picture: Blob): Promise<PictureUploadResponse> {
  return apiRequest({
    method: 'POST',
    path: '/profile-picture/upload',
    body: { content_type: picture.type, size: picture.size },
    schema: pictureUploadResponseSchema,
    failure: 'upload profile picture',
  });
}

/** The presigned POST: every policy field first, the file last (storage ignores fields after it). */
export async function sendToStorage(target: PictureUploadResponse, picture: Blob): Promise<void> {
  if (picture.size > target.max_bytes) throw new StorageUploadError(413, '');
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', picture, 'profile-picture.jpg');
  const response = await fetch(target.url, { method: 'POST', body: form });
  if (!response.ok) throw new StorageUploadError(response.status, await response.text().catch(() => ''));
}

export function confirmPicture(key: string): Promise<ProfileView> {
  return apiRequest({ method: 'POST', path: '/profile-picture/confirm', body: { key }, schema: profileViewSchema, failure: 'update profile picture' });
}

/** Upload straight to storage, then let the server check the bytes and point the profile at them. */
export async function uploadProfilePicture(picture: Blob): Promise<ProfileView> {
  const target = await requestPictureUpload(picture);
  await sendToStorage(target, picture);
  return confirmPicture(target.key);
}

export function removeProfilePicture(): Promise<ProfileView> {
  return apiRequest({ method: 'DELETE', path: '/profile-picture', schema: profileViewSchema, failure: 'remove profile picture' });
}

export function useUploadProfilePicture() {
  const store = useStoreProfile();
  return useMutation({ mutationFn: uploadProfilePicture, onSuccess: store });
}

export function useRemoveProfilePicture() {
  const store = useStoreProfile();
  return useMutation({ mutationFn: removeProfilePicture, onSuccess: store });
}
