export class ConfigLoadError extends Error {
  override readonly name = 'ConfigLoadError';
}

export const RUNTIME_CONFIG_URL = '/config.json';

/**
 * `/config.json`'s body, unchecked: fetched from the first chunk while the code that validates it
 * (zod and the session's libraries) is still loading.
 */
export async function fetchRuntimeConfig(url = RUNTIME_CONFIG_URL): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new ConfigLoadError(`HTTP ${response.status} while loading ${url}`);
  return response.json();
}
