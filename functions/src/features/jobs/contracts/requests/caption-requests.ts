import * as z from 'zod';
import { builtOnUse } from '../../../../kernel/contracts/built-on-use';
import { captionsParamsSchema } from '../media-jobs';
import type { ParsedJobRequest } from './parsed-request';
import { commonJobFields, pickParams, singleInput } from './request-fields';

const video = singleInput('video', { file: 'video', url: 'video_url', fileId: 'video_file_id' }, true);

/** `/captions/auto`: the video as `video` (upload), `video_url` or `video_file_id`, and every style parameter. */
export const captionsRequestSchema = builtOnUse(() =>
  z
    .strictObject({ ...video.shape, ...captionsParamsSchema.unwrap().shape, ...commonJobFields(false) })
    .superRefine((value, ctx) => video.check(value, ctx))
    .transform(
      (value): ParsedJobRequest<'captions_auto'> => ({
        job: { type: 'captions_auto', params: pickParams(captionsParamsSchema.unwrap(), value) },
        inputs: [video.source(value)].filter((s) => s !== undefined),
        download: value.download,
        callbackUrl: value.callback_url,
        metadata: value.metadata,
      }),
    ),
);
