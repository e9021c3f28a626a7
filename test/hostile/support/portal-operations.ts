import type { z } from 'zod';
import {
  generateApiKeyRequestSchema,
  generateApiKeyResponseSchema,
  listApiKeysResponseSchema,
  revealApiKeyResponseSchema,
  revokeApiKeyResponseSchema,
  rollApiKeyRequestSchema,
  rollApiKeyResponseSchema,
  updateApiKeyRequestSchema,
  updateApiKeyResponseSchema,
} from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { apiLogViewSchema, listApiLogsQuerySchema, listApiLogsResponseSchema } from '@frameforge/functions/features/request-logs/contracts/api-logs';
import {
  checkoutRequestSchema,
  listInvoicesQuerySchema,
  listInvoicesResponseSchema,
  portalSessionRequestSchema,
  redirectUrlResponseSchema,
  subscriptionResponseSchema,
} from '@frameforge/functions/features/billing/contracts/billing';
import {
  confirmPictureRequestSchema,
  deleteAccountResponseSchema,
  pictureUploadRequestSchema,
  pictureUploadResponseSchema,
  profileViewSchema,
  updatePreferencesRequestSchema,
  updateProfileRequestSchema,
} from '@frameforge/functions/features/profiles/contracts/profile';
import { callbackResendSchema, portalTaskDetailSchema, portalTaskListSchema, taskViewSchema } from '@frameforge/functions/features/jobs/contracts/portal-tasks';
import { listTasksQuerySchema } from '@frameforge/functions/features/jobs/contracts/task-list';
import { usageStatsQuerySchema, usageStatsResponseSchema } from '@frameforge/functions/features/request-logs/contracts/usage-stats';

/**
 * The portal API is not in the served OpenAPI document (that one describes
 * the product API): its contract is the zod schemas in the functions
 * package, which the portal itself is typed against. Each route of the route
 * table has an entry here; the suite fails on a route without one.
 */
export interface PortalContract {
  /** The JSON body's schema and a body it accepts, from which the variants are made. */
  body?: { schema: z.ZodType; baseline: Record<string, unknown> };
  /** A body that is not JSON by design (Stripe's signed webhook). */
  rawBody?: true;
  query?: readonly string[];
  /** Schemas of the successful answers. */
  ok: Record<number, z.ZodType | 'redirect' | 'json'>;
  /**
   * `auth-only`: sent only without a valid session. A valid request would
   * delete the fuzzing account itself, which the account-deletion tests cover.
   */
  reach?: 'auth-only';
}

/** The fields of an object schema (zod keeps the shape under refinements). */
export const fieldsOf = (schema: z.ZodType): string[] => Object.keys((schema as unknown as { shape?: Record<string, unknown> }).shape ?? {});

export const PORTAL_CONTRACTS: Record<string, PortalContract> = {
  'POST /generate-api-key': { body: { schema: generateApiKeyRequestSchema, baseline: { name: 'hostile suite' } }, ok: { 201: generateApiKeyResponseSchema } },
  'GET /api-keys': { ok: { 200: listApiKeysResponseSchema } },
  'POST /api-keys/{id}/reveal': { ok: { 200: revealApiKeyResponseSchema } },
  'DELETE /api-keys/{id}': { ok: { 200: revokeApiKeyResponseSchema } },
  'PATCH /api-keys/{id}': { body: { schema: updateApiKeyRequestSchema, baseline: { name: 'hostile suite' } }, ok: { 200: updateApiKeyResponseSchema } },
  'POST /api-keys/{id}/roll': { body: { schema: rollApiKeyRequestSchema, baseline: { overlap_seconds: 0 } }, ok: { 201: rollApiKeyResponseSchema } },
  'GET /api-logs': { query: fieldsOf(listApiLogsQuerySchema), ok: { 200: listApiLogsResponseSchema } },
  'GET /api-logs/{id}': { ok: { 200: apiLogViewSchema } },
  'GET /stats': { query: fieldsOf(usageStatsQuerySchema), ok: { 200: usageStatsResponseSchema } },
  'GET /tasks': { query: fieldsOf(listTasksQuerySchema), ok: { 200: portalTaskListSchema } },
  'GET /tasks/{id}': { ok: { 200: portalTaskDetailSchema } },
  'POST /tasks/{id}/cancel': { ok: { 200: taskViewSchema } },
  'POST /tasks/{id}/callback': { ok: { 202: callbackResendSchema } },
  'GET /auth/confirm': { query: ['email', 'code'], ok: { 302: 'redirect' } },
  'GET /subscription': { ok: { 200: subscriptionResponseSchema } },
  'GET /invoices': { query: fieldsOf(listInvoicesQuerySchema), ok: { 200: listInvoicesResponseSchema } },
  'POST /stripe-checkout': {
    body: {
      schema: checkoutRequestSchema,
      baseline: { price_id: 'price_hostile', success_url: 'https://example.com/ok', cancel_url: 'https://example.com/cancel', mode: 'subscription' },
    },
    ok: { 200: redirectUrlResponseSchema },
  },
  'POST /create-portal-session': { body: { schema: portalSessionRequestSchema, baseline: { customer_id: 'cus_hostile' } }, ok: { 200: redirectUrlResponseSchema } },
  'GET /callback-secret': { ok: { 200: 'json' } },
  'GET /profile': { ok: { 200: profileViewSchema } },
  'PUT /profile': { body: { schema: updateProfileRequestSchema, baseline: { username: 'hostile' } }, ok: { 200: profileViewSchema } },
  'PUT /preferences': {
    body: {
      schema: updatePreferencesRequestSchema,
      baseline: { email_notifications: true, api_usage_alerts: true, marketing_emails: false, language: 'en', timezone: 'UTC' },
    },
    ok: { 200: profileViewSchema },
  },
  'POST /profile-picture/upload': { body: { schema: pictureUploadRequestSchema, baseline: { content_type: 'image/png', size: 1000 } }, ok: { 200: pictureUploadResponseSchema } },
  'POST /profile-picture/confirm': { body: { schema: confirmPictureRequestSchema, baseline: { key: 'pictures/none.png' } }, ok: { 200: profileViewSchema } },
  'DELETE /profile-picture': { ok: { 200: profileViewSchema } },
  'DELETE /account': { ok: { 200: deleteAccountResponseSchema }, reach: 'auth-only' },
  'POST /stripe/webhook': { rawBody: true, ok: { 200: 'json' } },
};

