// Translations load on demand: one chunk per language and namespace, so a visitor downloads only the
// texts of the language showing and of the pages opened (the build never bundles all six up front).

import { namespaceFiles, type LoadNamespace, type Namespace } from './namespaces';

export { namespaceFiles, namespaces, type LoadNamespace, type Namespace, type Resources } from './namespaces';

const files = import.meta.glob<{ default: object }>('./*/*.json');

/** One language's texts of one namespace, fetched the first time they are asked for. */
export const loadNamespace: LoadNamespace = async (language, namespace) => {
  const file = Object.hasOwn(namespaceFiles, namespace) ? namespaceFiles[namespace as Namespace] : undefined;
  const load = file ? files[`./${language}/${file}.json`] : undefined;
  if (!load) throw new Error(`No texts for ${language}/${namespace}`);
  return (await load()).default;
};
