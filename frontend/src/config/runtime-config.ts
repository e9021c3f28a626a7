import { portalConfigSchema, type PortalConfig } from '@frameforge/functions/contracts/portal-config';

export class ConfigLoadError extends Error {
  override readonly name = 'ConfigLoadError';
}

let current: PortalConfig | undefined;

/** Fetches `/config.json` once at start; one build runs against any stack. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<PortalConfig> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new ConfigLoadError(`HTTP ${response.status} while loading ${url}`);
  const parsed = portalConfigSchema.safeParse(await response.json());
  if (!parsed.success) throw new ConfigLoadError(`Invalid ${url}: ${parsed.error.message}`);
  current = parsed.data;
  return current;
}

/** The loaded configuration; the app renders nothing that needs it before it is loaded. */
export function getRuntimeConfig(): PortalConfig {
  if (!current) throw new ConfigLoadError('Runtime configuration has not been loaded yet');
  return current;
}
