import * as z from 'zod';
import type { Tier } from './plans';

/**
 * Live keys do the real work under their plan; test keys (`ff_test_…`) reach
 * every endpoint and every plan's features without a subscription, with
 * watermarked, capped outputs and limits of their own that never touch the
 * plan's. The caps and limits are stated here once: the worker applies them,
 * the API enforces them, and the docs quote them.
 */
export const API_KEY_MODES = ['live', 'test'] as const;
export const apiKeyModeSchema = z.enum(API_KEY_MODES);
export type ApiKeyMode = z.infer<typeof apiKeyModeSchema>;

export const TEST_MODE = {
  /** A test output plays at most this many seconds. */
  maxOutputSeconds: 10,
  /** A test picture is at most this many pixels high (480p). */
  maxOutputHeight: 480,
  /** The watermark burned into every test picture. */
  watermark: 'FrameForge test',
  /** Processing requests per minute per test key. */
  requestsPerMinute: 10,
  /** Test jobs of one user that run at once; more wait their turn. */
  concurrentJobs: 1,
} as const;

/** The tier a test key's requests run under: every plan's features (its own limits apply instead of the tier's). */
export const TEST_KEY_TIER: Tier = 'elite';

/** A key's mode as stored: keys made before test keys existed are live. */
export const modeOf = (record: { mode?: ApiKeyMode | undefined }): ApiKeyMode => record.mode ?? 'live';
