import { createDocumentClient } from '../../adapters/dynamodb/document-client';
import { loadConfig, type AppConfig } from '../../config/env';
import type { PriceIds } from '../../contracts/plans';

/**
 * The pieces every composition root shares. Each feature has its own wiring
 * module beside this one, and a handler imports only the ones it uses, so a
 * function's bundle holds only its own dependencies. Clients and services are
 * built once per process (one Lambda container) and reused across requests.
 */
export const once = <T>(build: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= build());
};

export const config = once((): AppConfig => loadConfig());
export const documentClient = once(() => createDocumentClient(config().AWS_REGION));

export const prices = (): PriceIds => ({
  basic: config().STRIPE_PRICE_BASIC,
  boost: config().STRIPE_PRICE_BOOST,
  elite: config().STRIPE_PRICE_ELITE,
});

export const portalOrigin = (): string => new URL(config().PORTAL_URL).origin;
