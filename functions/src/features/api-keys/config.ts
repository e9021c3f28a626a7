import * as z from 'zod';

const optionalText = z.string().min(1).optional();

/** The variables of the api-keys room: the keys' table and the gateway's usage plans that mirror them. */
export const apiKeysConfigFields = {
  TABLE_API_KEYS: z.string().min(1),
  /** API Gateway usage plans that mirror each tier's keys, and every test key; unset where no API Gateway runs. */
  USAGE_PLAN_BASIC: optionalText,
  USAGE_PLAN_BOOST: optionalText,
  USAGE_PLAN_ELITE: optionalText,
  USAGE_PLAN_TEST: optionalText,
  /** The owner tag's value on the gateway keys this stack makes (its name): what their deletion is granted on. */
  GATEWAY_KEY_OWNER: optionalText,
};
