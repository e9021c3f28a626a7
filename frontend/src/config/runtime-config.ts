import { portalConfigSchema, type PortalConfig } from '@frameforge/functions/kernel/contracts/portal-config';
import { ConfigLoadError, RUNTIME_CONFIG_URL } from './fetch-runtime-config';

export { ConfigLoadError };

let current: PortalConfig | undefined;

/** Checks and keeps the body of `/config.json`; one build runs against any stack. */
export function acceptRuntimeConfig(body: unknown, url = RUNTIME_CONFIG_URL): PortalConfig {
  const parsed = portalConfigSchema.safeParse(body);
  if (!parsed.success) throw new ConfigLoadError(`Invalid ${url}: ${parsed.error.message}`);
  current = parsed.data;
  return current;
}

/** The loaded configuration; the app renders nothing that needs it before it is loaded. */
export function getRuntimeConfig(): PortalConfig {
  if (!current) throw new ConfigLoadError('Runtime configuration has not been loaded yet');
  return current;
}
