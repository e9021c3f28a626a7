/**
 * Every `code` the product API answers with, or ends a job with. The API's
 * messages are English; the portal shows each code's meaning in the user's
 * language from its own texts, so a new code needs a line here and in the
 * portal's locale files (a unit test finds codes missing from this list).
 */
export const REQUEST_ERROR_CODES = [
  'invalid_request',
  'payload_too_large',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'upstream_unavailable',
  'plan_required',
  'rate_limited',
  'idempotency_key_reused',
  'idempotency_key_in_use',
  'task_already_ended',
  'internal_error',
  'gateway_timeout',
] as const;

/** What a job (`GET /task/{id}` `error.code`) can end with. */
export const JOB_ERROR_CODES = [
  'queue_unavailable',
  'invalid_media',
  'unsupported_format',
  'input_too_long',
  'resolution_too_high',
  'work_limit_exceeded',
  'start_out_of_range',
  'crop_out_of_bounds',
  'no_video_stream',
  'no_audio_stream',
  'no_speech',
  'no_frame',
  'language_unsupported',
  'missing_input',
  'missing_audio',
  'missing_script',
  'too_few_inputs',
  'video_required',
  'invalid_transition',
  'invalid_transition_expr',
  'input_unavailable',
  'processing_failed',
  'processing_timeout',
  // Failures on our side, each with its cause, once a job's last try failed.
  'storage_failed',
  'insufficient_disk',
  'out_of_memory',
  'secret_unreadable',
  'voice_auth_failed',
  'voice_rate_limited',
  'voice_request_invalid',
  'url_invalid',
  'url_forbidden',
  'url_too_large',
  'url_timeout',
  'url_unreachable',
  'url_status',
  'url_redirects',
] as const;

export const ERROR_CODES = [...REQUEST_ERROR_CODES, ...JOB_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const known = new Set<string>(ERROR_CODES);

export function isErrorCode(code: string | null | undefined): code is ErrorCode {
  return typeof code === 'string' && known.has(code);
}
