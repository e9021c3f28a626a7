import type { JsonSchema } from '../openapi-schema';

/**
 * The document has no `examples` for these fields yet, and the rules that
 * join several fields (a redub needs a voice as well as a video; a spoken
 * redub needs a script) are checks in code that JSON Schema cannot express.
 * Without these the generated examples would be refused or meaningless;
 * an `examples` value in the document always wins over them.
 */
export const SAMPLE_VALUES: Readonly<Record<string, string | number>> = {
  w: 640,
  h: 360,
  start: 5,
  duration: 10,
  script: 'Hello from FrameForge!',
  voice_id: 'YOUR_VOICE_ID',
  path: 'outputs/USER_ID/TASK_ID/output.mp4',
  file_name: 'input.mp4',
  content_type: 'video/mp4',
};

/** Fields an example needs besides the first input and the required fields, by operationId. */
export const COMPANION_FIELDS: Readonly<Record<string, readonly string[]>> = {
  cut: ['start', 'duration'],
  redub: ['voice_file'],
  redub_tts: ['script'],
};

const SAMPLE_UUID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';

/** A local file name for an upload field, by what the field holds. */
export function sampleFileName(field: string, index?: number): string {
  const suffix = index === undefined ? '' : String(index + 1);
  if (field.startsWith('voice') || field.startsWith('tts_audio')) return `voice${suffix}.mp3`;
  if (field.startsWith('me_')) return `background${suffix}.mp3`;
  return `input${suffix}.mp4`;
}

export function sampleUrl(field: string, index?: number): string {
  return `https://example.com/${sampleFileName(field, index).replace(/^input/, 'clip')}`;
}

/** A value the field accepts: the document's example, else ours, else its default, else one inside its limits. */
export function sampleValue(name: string, schema: JsonSchema): unknown {
  if (schema.examples && schema.examples.length > 0) return schema.examples[0];
  if (name in SAMPLE_VALUES) return SAMPLE_VALUES[name];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch) return sampleValue(name, branch);
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
  if (schema.type === 'boolean') return true;
  if (schema.format === 'uuid') return SAMPLE_UUID;
  if (schema.format === 'uri') return sampleUrl(name);
  return `YOUR_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}
