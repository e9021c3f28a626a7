import * as z from 'zod';
import { builtOnUse } from '../../../../kernel/contracts/built-on-use';
import { dryRunField } from '../dry-run';
import { cropParamsSchema, cutParamsSchema, frameLastParamsSchema, mergeParamsSchema, mergeUrlsParamsSchema } from '../media-jobs';
import { metadataSchema } from '../../../../kernel/contracts/metadata';
import { transitionNameSchema } from '../transitions';
import type { ParsedJobRequest } from './parsed-request';
import { commonJobFields, listInput, pickParams, singleInput } from './request-fields';

/** Request schemas of the endpoints that take video files: frame/last, cut, crop, merge, merge_urls. */

const fileInput = singleInput('file', { file: 'file', url: 'url', fileId: 'file_id' }, true);

export const frameLastRequestSchema = builtOnUse(() =>
  z
    .strictObject({ ...fileInput.shape, ...frameLastParamsSchema.unwrap().shape, metadata: metadataSchema.optional(), ...dryRunField })
    .superRefine((value, ctx) => fileInput.check(value, ctx))
    .transform(
      (value): ParsedJobRequest<'frame_last'> => ({
        job: { type: 'frame_last', params: pickParams(frameLastParamsSchema.unwrap(), value) },
        inputs: [fileInput.source(value)].filter((s) => s !== undefined),
        download: true,
        metadata: value.metadata,
      }),
    ),
);

export const cutRequestSchema = builtOnUse(() =>
  z
    .strictObject({ ...fileInput.shape, ...cutParamsSchema.unwrap().shape, ...commonJobFields(false) })
    .superRefine((value, ctx) => fileInput.check(value, ctx))
    .transform(
      (value): ParsedJobRequest<'cut'> => ({
        job: { type: 'cut', params: pickParams(cutParamsSchema.unwrap(), value) },
        inputs: [fileInput.source(value)].filter((s) => s !== undefined),
        download: value.download,
        callbackUrl: value.callback_url,
        metadata: value.metadata,
      }),
    ),
);

export const cropRequestSchema = builtOnUse(() =>
  z
    .strictObject({ ...fileInput.shape, ...cropParamsSchema.unwrap().shape, ...commonJobFields(false) })
    .superRefine((value, ctx) => fileInput.check(value, ctx))
    .transform(
      (value): ParsedJobRequest<'crop'> => ({
        job: { type: 'crop', params: pickParams(cropParamsSchema.unwrap(), value) },
        inputs: [fileInput.source(value)].filter((s) => s !== undefined),
        download: value.download,
        callbackUrl: value.callback_url,
        metadata: value.metadata,
      }),
    ),
);

const mergeFiles = listInput('files', { files: 'files', fileIds: 'file_ids' }, 2);

export const mergeRequestSchema = builtOnUse(() =>
  z
    .strictObject({ ...mergeFiles.shape, ...mergeParamsSchema.unwrap().shape, ...commonJobFields(false) })
    .superRefine((value, ctx) => mergeFiles.check(value, ctx))
    .transform(
      (value): ParsedJobRequest<'merge'> => ({
        job: { type: 'merge', params: pickParams(mergeParamsSchema.unwrap(), value) },
        inputs: mergeFiles.sources(value),
        download: value.download,
        callbackUrl: value.callback_url,
        metadata: value.metadata,
      }),
    ),
);

const mergeUrls = listInput('files', { urls: 'urls', fileIds: 'file_ids' }, 2);

export const mergeUrlsRequestSchema = builtOnUse(() =>
  z
    .strictObject({ ...mergeUrls.shape, ...mergeUrlsParamsSchema.unwrap().shape, transition: transitionNameSchema.optional(), ...commonJobFields(false) })
    .superRefine((value, ctx) => {
      mergeUrls.check(value, ctx);
      if (value.transition === 'custom' && !value.transition_expr) {
        ctx.addIssue({ code: 'custom', path: ['transition_expr'], message: 'is required when transition is custom' });
      }
      if (value.transition_expr !== undefined && value.transition !== 'custom') {
        ctx.addIssue({ code: 'custom', path: ['transition_expr'], message: 'is only used with transition=custom' });
      }
    })
    .transform(
      (value): ParsedJobRequest<'merge_urls'> => ({
        job: { type: 'merge_urls', params: pickParams(mergeUrlsParamsSchema.unwrap(), value) },
        inputs: mergeUrls.sources(value),
        download: value.download,
        callbackUrl: value.callback_url,
        metadata: value.metadata,
      }),
    ),
);
