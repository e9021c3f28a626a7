import * as z from 'zod';
import { builtOnUse } from '../../../kernel/contracts/built-on-use';
import { tierSchema } from '../../../kernel/contracts/plans';
import { taskIdSchema } from './task-id';
import { apiKeyModeSchema } from '../../../kernel/contracts/key-modes';
import { VOICE_ID_DESCRIPTION } from './voices';

/**
 * The media job contract: one variant per operation, with its typed,
 * range-checked, defaulted parameters (spec §5, §7, §9 and the spec
 * decisions), the inputs as storage keys, and the caller's tier. The product
 * API validates requests into exactly these; the worker parses every queue
 * message with `mediaJobMessageSchema` and dispatches by `type`.
 */


/** Form fields arrive as text: '1', 'true', 'yes' and 'on' are true. */
export const flag = (fallback: boolean) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'])], { error: 'must be 0 or 1' })
    .transform((v) => (typeof v === 'string' ? ['1', 'true', 'yes', 'on'].includes(v) : v === true || v === 1))
    .default(fallback);
const number = (min: number, max: number) => z.coerce.number().min(min).max(max);
const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const hexColor = (fallback: string) =>
  z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #ffffff')
    .default(fallback);

const CLOCK = /^(?:(\d+):)?([0-5]?\d):([0-5]?\d(?:\.\d+)?)$/;

/** Seconds as a number ("12.5") or a clock time ("00:01:02.5", "01:05"), as ffmpeg users write them. */
export const clockSeconds = (schema: z.ZodNumber) =>
  z.preprocess((value) => {
    const clock = typeof value === 'string' ? CLOCK.exec(value.trim()) : null;
    if (clock) return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
    return typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  }, schema);

export const cutParamsSchema = builtOnUse(() =>
  z.object({
    /** Seconds from the start of the input. */
    start: clockSeconds(z.number().min(0).max(24 * 3600)).default(0),
    /** Seconds to keep; absent means to the end. */
    duration: clockSeconds(z.number().positive().max(24 * 3600)).optional(),
  }),
);
export type CutParams = z.infer<typeof cutParamsSchema>;

export const cropParamsSchema = builtOnUse(() =>
  z.object({
    w: integer(2, 7680),
    h: integer(2, 7680),
    /** Left edge; absent centres the crop, as ffmpeg does. */
    x: integer(0, 7680).optional(),
    y: integer(0, 7680).optional(),
  }),
);
export type CropParams = z.infer<typeof cropParamsSchema>;

export const frameLastParamsSchema = builtOnUse(() =>
  z.object({
    /** Seconds before the end at which the frame is taken. */
    epsilon: number(0.001, 10).default(0.12),
    width: integer(1, 7680).optional(),
    height: integer(1, 7680).optional(),
    /** 2 (best) to 31 (worst), ffmpeg's qscale for JPEG. */
    jpg_quality: integer(2, 31).default(2),
  }),
);
export type FrameLastParams = z.infer<typeof frameLastParamsSchema>;

export const mergeParamsSchema = builtOnUse(() => z.object({ reencode: flag(false) }));

export const X264_PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow'] as const;

export const mergeUrlsParamsSchema = builtOnUse(() =>
  z.object({
    reencode: flag(false),
    /** An xfade transition name, or 'custom' with `transition_expr`; absent means hard cuts. */
    transition: z.string().min(1).max(40).optional(),
    transition_expr: z.string().min(1).max(500).optional(),
    /** Seconds each transition lasts. */
    duration: number(0.05, 10).default(0.5),
    match_source: flag(true),
    v_crf: integer(0, 51).default(18),
    v_preset: z.enum(X264_PRESETS).default('slow'),
    a_bitrate: z
      .string()
      .regex(/^(32|48|64|96|128|160|192|256|320)k$/, 'must be one of 32k, 48k, 64k, 96k, 128k, 160k, 192k, 256k, 320k')
      .default('192k'),
  }),
);
export type MergeUrlsParams = z.infer<typeof mergeUrlsParamsSchema>;

export const BG_SOURCES = ['keep', 'external', 'centerremove', 'separate'] as const;
export const REDUB_MODES = ['replace', 'mix'] as const;
export const VOICE_OUTPUT_FORMATS = ['mp3_44100_128', 'wav_44100'] as const;

export const redubParamsSchema = builtOnUse(() =>
  z.object({
    bg_source: z.enum(BG_SOURCES).default('keep'),
    mode: z.enum(REDUB_MODES).default('replace'),
    /** Lower the background while the voice speaks. */
    duck: flag(false),
    offset_ms: integer(-60_000, 60_000).default(0),
    /** Gains in dB. */
    voice_gain: number(-30, 30).default(0),
    bg_gain: number(-30, 30).default(0),
    normalize: flag(true),
  }),
);
export type RedubParams = z.infer<typeof redubParamsSchema>;

export const redubTtsParamsSchema = builtOnUse(() =>
  redubParamsSchema.unwrap().extend({
    script: z.string().min(1).max(5000).optional(),
    voice_id: z.string().min(1).max(100).meta({ description: VOICE_ID_DESCRIPTION }),
    tts_model_id: z.string().min(1).max(100).optional(),
    sync_to_video: flag(true),
    stability: number(0, 1).optional(),
    similarity_boost: number(0, 1).optional(),
    style: number(0, 1).optional(),
    speed: number(0.7, 1.2).optional(),
    output_format: z.enum(VOICE_OUTPUT_FORMATS).default('mp3_44100_128'),
  }),
);

export const redubVcParamsSchema = builtOnUse(() =>
  redubParamsSchema.unwrap().extend({
    voice_id: z.string().min(1).max(100).meta({ description: VOICE_ID_DESCRIPTION }),
    model_id: z.string().min(1).max(100).default('eleven_english_sts_v2'),
    output_format: z.enum(VOICE_OUTPUT_FORMATS).default('mp3_44100_128'),
    remove_background_noise: flag(false),
  }),
);

export const voicesParamsSchema = z.object({});

export const STYLE_EFFECTS = ['karaoke', 'fade', 'slide', 'enlarge', 'bounce', 'highlight'] as const;
export const CAPTION_SPLITS = ['none', 'word', 'line'] as const;
export const CAPTION_POSITIONS = ['top', 'middle', 'bottom'] as const;
export const CAPTION_ALIGNMENTS = ['left', 'center', 'right'] as const;
export const FONT_WEIGHTS = ['normal', 'bold'] as const;
export const TEXT_CASES = ['normal', 'upper', 'lower', 'capitalize'] as const;

export const captionsParamsSchema = builtOnUse(() =>
  z.object({
    language: z.string().regex(/^[a-z]{2}$/, 'must be a two-letter language code').default('en'),
    vad_filter: flag(true),
    beam_size: integer(1, 10).default(5),
    /** Comma-separated in a form, an array in JSON. */
    style_effects: z
      .union([z.array(z.enum(STYLE_EFFECTS)), z.string()], { error: `must list effects among ${STYLE_EFFECTS.join(', ')}` })
      .transform((v, ctx) => {
        const list = Array.isArray(v) ? v : v.split(',').map((s) => s.trim()).filter(Boolean);
        const unknown = list.filter((s) => !(STYLE_EFFECTS as readonly string[]).includes(s));
        if (unknown.length) ctx.addIssue({ code: 'custom', message: `unknown effect ${unknown.join(', ')}` });
        return list as (typeof STYLE_EFFECTS)[number][];
      })
      .default(['karaoke', 'fade']),
    split: z.enum(CAPTION_SPLITS).default('word'),
    position: z.enum(CAPTION_POSITIONS).default('bottom'),
    alignment: z.enum(CAPTION_ALIGNMENTS).default('center'),
    pad_l: integer(0, 1000).default(10),
    pad_r: integer(0, 1000).default(10),
    pad_v: integer(0, 1000).default(10),
    font: z.literal('Poppins').default('Poppins'),
    font_size: integer(8, 300).default(54),
    font_weight: z.enum(FONT_WEIGHTS).default('bold'),
    fill_color: hexColor('#ffffff'),
    outline_color: hexColor('#333333'),
    outline_width: number(0, 20).default(4),
    shadow_color: hexColor('#000000'),
    shadow_size: number(0, 20).default(3),
    highlight_color: hexColor('#f41f09'),
    fade_in_ms: integer(0, 5000).default(120),
    fade_out_ms: integer(0, 5000).default(120),
    max_words_per_line: integer(1, 20).default(3),
    max_lines: integer(1, 5).default(2),
    offset_x: integer(-200, 200).default(0),
    offset_y: integer(-200, 200).default(0),
    text_case: z.enum(TEXT_CASES).default('normal'),
    return_ass: flag(false),
  }),
);
export type CaptionsParams = z.infer<typeof captionsParamsSchema>;

/** What an input is to its operation. */
export const INPUT_ROLES = ['file', 'files', 'video', 'voice', 'me', 'tts_audio'] as const;

/**
 * An input: either already in storage, inside the caller's own prefix
 * (`key`), or a public URL the worker fetches itself with the safe fetcher
 * (`url`), so a large download never holds an API request open.
 */
export const jobInputSchema = z
  .object({
    role: z.enum(INPUT_ROLES),
    key: z.string().min(1).optional(),
    url: z.string().min(1).max(2048).optional(),
    fileName: z.string().min(1),
    /** Bytes; 0 while a URL input is not fetched yet. */
    size: z.number().int().nonnegative(),
  })
  .refine((input) => (input.key === undefined) !== (input.url === undefined), { message: 'an input has either a key or a url' });
export type JobInput = z.infer<typeof jobInputSchema>;
export type InputRole = JobInput['role'];

/**
 * Secrets a job needs and must not keep: each sealed (see the Sealer port),
 * carried only in the queue message, never in the job record or a log.
 */
export const jobSecretsSchema = z.object({ elevenlabs_key: z.string().min(1).max(4000) }).partial();
export type JobSecrets = z.infer<typeof jobSecretsSchema>;

const envelope = {
  jobId: taskIdSchema,
  userId: z.string().min(1),
  tier: tierSchema,
  inputs: z.array(jobInputSchema).max(20),
  /** The API request that made the job: on the worker's log lines, and in an error on our side. */
  requestId: z.string().min(1).max(200).optional(),
  secrets: jobSecretsSchema.optional(),
  /** `test`: made with a test key; the worker caps and watermarks its output. Absent: live. */
  mode: apiKeyModeSchema.optional(),
};

/**
 * A job as the worker runs it, one variant per operation: its record's
 * operation, parameters, inputs, tier and mode, with the sealed secrets its
 * queue message carried. Built from the job record (`runnableJob`), never
 * sent: the queue carries `QueuedJob`.
 */
export const mediaJobMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('cut'), params: cutParamsSchema, ...envelope }),
  z.object({ type: z.literal('crop'), params: cropParamsSchema, ...envelope }),
  z.object({ type: z.literal('frame_last'), params: frameLastParamsSchema, ...envelope }),
  z.object({ type: z.literal('merge'), params: mergeParamsSchema, ...envelope }),
  z.object({ type: z.literal('merge_urls'), params: mergeUrlsParamsSchema, ...envelope }),
  z.object({ type: z.literal('redub'), params: redubParamsSchema, ...envelope }),
  z.object({ type: z.literal('redub_tts'), params: redubTtsParamsSchema, ...envelope }),
  z.object({ type: z.literal('redub_vc'), params: redubVcParamsSchema, ...envelope }),
  z.object({ type: z.literal('voices'), params: voicesParamsSchema, ...envelope }),
  z.object({ type: z.literal('captions_auto'), params: captionsParamsSchema, ...envelope }),
]);
export type MediaJobMessage = z.infer<typeof mediaJobMessageSchema>;
export type MediaEndpoint = MediaJobMessage['type'];
export type MediaJobOf<T extends MediaEndpoint> = Extract<MediaJobMessage, { type: T }>;
export type MediaJobParams = MediaJobMessage['params'];

/**
 * The queue message: which job to run and whose it is, the request that made
 * it (so the worker's first log lines name it), and the sealed secrets that
 * must never land in a stored record. Everything else the worker reads from
 * the job record, the one source of a job's inputs and state, so a message
 * can never disagree with the record it names.
 */
export const queuedJobSchema = z.object({
  jobId: envelope.jobId,
  userId: envelope.userId,
  requestId: envelope.requestId,
  secrets: envelope.secrets,
});
export type QueuedJob = z.infer<typeof queuedJobSchema>;
