import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { namespaceFiles, type LoadNamespace, type Namespace } from '../locales/namespaces';

// Stands in for locales/resources.ts under Jest (see the components project's moduleNameMapper): the build
// lists the locale files with Vite's import.meta.glob, which Jest cannot run; here the same files are read
// from disk, so components render the texts the portal ships.

export { namespaceFiles, namespaces, type LoadNamespace, type Namespace, type Resources } from '../locales/namespaces';

export const loadNamespace: LoadNamespace = (language, namespace) => {
  const file = Object.hasOwn(namespaceFiles, namespace) ? namespaceFiles[namespace as Namespace] : undefined;
  if (!file) return Promise.reject(new Error(`No texts for ${language}/${namespace}`));
  return Promise.resolve(JSON.parse(readFileSync(join(__dirname, '../locales', language, `${file}.json`), 'utf8')) as object);
};
