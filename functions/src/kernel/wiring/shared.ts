import { createDocumentClient } from '../adapters/dynamodb/document-client';
import { loadConfigOf, type AppConfig, type ConfigName } from '../config/env';

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

/**
 * The variables one wiring module reads, parsed when the module loads: a
 * function reads only those of the modules it imports, and one whose
 * environment lacks any fails at its cold start, naming it.
 */
export const configOf = <K extends ConfigName>(...names: K[]): Pick<AppConfig, K> => loadConfigOf(names);

const region = configOf('AWS_REGION');
export const documentClient = once(() => createDocumentClient(region.AWS_REGION));
