import * as z from 'zod';
import { builtOnUse } from '../../../../kernel/contracts/built-on-use';
import { redubParamsSchema, redubTtsParamsSchema, redubVcParamsSchema } from '../media-jobs';
import { VOICE_KEY_DESCRIPTION } from '../voices';
import type { ParsedJobRequest } from './parsed-request';
import { commonJobFields, pickParams, singleInput, urlFieldSchema, type InputSource } from './request-fields';

/** Request schemas of the redub family: redub, redub_tts, redub_vc. */

const video = singleInput('video', { file: 'video_file', url: 'video_url', fileId: 'video_file_id' }, true);
const voice = singleInput('voice', { file: 'voice_file', url: 'voice_url', fileId: 'voice_file_id' }, true);
const music = singleInput('me', { file: 'me_file', url: 'me_url', fileId: 'me_file_id' }, false);
const speech = singleInput('tts_audio', { file: 'tts_audio_file', url: 'tts_audio_url', fileId: 'tts_audio_file_id' }, false);

/** The caller's own ElevenLabs key as a field (the X-ElevenLabs-Key header is the other way). */
const elevenlabsKeyField = {
  elevenlabs_key: z.string().trim().min(1).max(200).optional().meta({ description: `Or send it as this field. ${VOICE_KEY_DESCRIPTION}` }),
};

type Values = Record<string, unknown>;

/** `bg_source=external` takes its background from the me_* input, which is then required. */
function checkBackground(value: Values, ctx: z.RefinementCtx): void {
  music.check(value, ctx, value.bg_source === 'external');
  if (value.bg_source !== 'external' && music.source(value)) {
    ctx.addIssue({ code: 'custom', path: ['bg_source'], message: 'must be external when a me_file, me_url or me_file_id is sent' });
  }
}

const present = (sources: (InputSource | undefined)[]): InputSource[] => sources.filter((s) => s !== undefined);

export const redubRequestSchema = builtOnUse(() =>
  z
    .strictObject({ ...video.shape, ...voice.shape, ...music.shape, ...redubParamsSchema.unwrap().shape, ...commonJobFields(true) })
    .superRefine((value, ctx) => {
      video.check(value, ctx);
      voice.check(value, ctx);
      checkBackground(value, ctx);
    })
    .transform(
      (value): ParsedJobRequest<'redub'> => ({
        job: { type: 'redub', params: pickParams(redubParamsSchema.unwrap(), value) },
        inputs: present([video.source(value), voice.source(value), music.source(value)]),
        download: value.download,
        callbackUrl: value.callback_url,
        metadata: value.metadata,
      }),
    ),
);

export const redubTtsRequestSchema = builtOnUse(() =>
  z
    .strictObject({
      ...video.shape,
      ...music.shape,
      ...speech.shape,
      ...redubTtsParamsSchema.unwrap().shape,
      script_url: urlFieldSchema.optional().meta({ description: 'A public URL of a plain-text script (at most 64 KB).' }),
      ...elevenlabsKeyField,
      ...commonJobFields(true),
    })
    .superRefine((value, ctx) => {
      video.check(value, ctx);
      checkBackground(value, ctx);
      speech.check(value, ctx);
      const scripts = ['script', 'script_url'].filter((name) => value[name as keyof typeof value] !== undefined);
      const sources = scripts.length + (speech.source(value) ? 1 : 0);
      if (sources === 0) {
        ctx.addIssue({ code: 'custom', path: ['script'], message: 'is required: send script, script_url, tts_audio_file or tts_audio_url' });
      } else if (sources > 1) {
        const second = scripts[1] ?? speech.source(value)?.field ?? 'tts_audio_file';
        ctx.addIssue({ code: 'custom', path: [second], message: `cannot be sent with ${scripts[0] ?? 'script'}: send only one of script, script_url, tts_audio_file or tts_audio_url` });
      }
    })
    .transform(
      (value): ParsedJobRequest<'redub_tts'> => ({
        job: { type: 'redub_tts', params: pickParams(redubTtsParamsSchema.unwrap(), value) },
        inputs: present([video.source(value), music.source(value), speech.source(value)]),
        download: value.download,
        callbackUrl: value.callback_url,
        metadata: value.metadata,
        scriptUrl: value.script_url,
        elevenlabsKey: value.elevenlabs_key,
      }),
    ),
);

/** redub_vc converts the voice of voice_* when given, else the video's own voice. */
const sourceVoice = singleInput('voice', { file: 'voice_file', url: 'voice_url', fileId: 'voice_file_id' }, false);

export const redubVcRequestSchema = builtOnUse(() =>
  z
    .strictObject({ ...video.shape, ...sourceVoice.shape, ...music.shape, ...redubVcParamsSchema.unwrap().shape, ...elevenlabsKeyField, ...commonJobFields(true) })
    .superRefine((value, ctx) => {
      video.check(value, ctx);
      sourceVoice.check(value, ctx);
      checkBackground(value, ctx);
    })
    .transform(
      (value): ParsedJobRequest<'redub_vc'> => ({
        job: { type: 'redub_vc', params: pickParams(redubVcParamsSchema.unwrap(), value) },
        inputs: present([video.source(value), sourceVoice.source(value), music.source(value)]),
        download: value.download,
        callbackUrl: value.callback_url,
        metadata: value.metadata,
        elevenlabsKey: value.elevenlabs_key,
      }),
    ),
);
