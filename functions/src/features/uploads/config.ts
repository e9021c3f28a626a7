import * as z from 'zod';

/** The variables of the uploads room. */
export const uploadsConfigFields = {
  TABLE_UPLOADS: z.string().min(1),
};
