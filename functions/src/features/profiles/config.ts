import * as z from 'zod';

/** The variables of the profiles room: the profiles' table and where pictures are kept and served. */
export const profilesConfigFields = {
  TABLE_USER_PROFILES: z.string().min(1),
  BUCKET_PROFILE_PICTURES: z.string().min(1),
  /** Where profile pictures are served from (the CDN's path on AWS, the portal's same-origin path locally). */
  PICTURES_BASE_URL: z.string().url(),
  /** Where the browser posts picture uploads when not straight to the bucket (the local same-origin path). */
  PICTURES_UPLOAD_URL: z.string().url().optional(),
};
