import { dirname } from 'node:path';
import type { BundleClosure } from './bundle-closure';

/** Each Lambda handler's feature, by the handler's path under `handlers/`. */
const FEATURE_OF: readonly (readonly [RegExp, string])[] = [
  [/^product\/(get|create|complete|abort)-upload$|^product\/get-file$/, 'uploads'],
  [/^product\/(get-task|list-tasks|download-task|cancel-task)$/, 'task-reads'],
  [/^product\/(cut|crop|merge|merge-urls|frame-last|redub|redub-tts|redub-vc|captions-auto|voices)$/, 'jobs'],
  [/^product\/authorizer$|api-key/, 'api-keys'],
  [/api-log|usage-stats/, 'request-logs'],
  [/stripe|portal-session|invoices|subscription/, 'billing'],
  [/profile|preferences|picture/, 'profiles'],
  [/callback-secret/, 'callbacks'],
  [/account|confirm-sign-up|^triggers\//, 'account'],
  [/^product\/(healthz|api-root|openapi)$/, 'docs'],
];

export function featureOf(handler: string): string {
  return FEATURE_OF.find(([pattern]) => pattern.test(handler))?.[1] ?? 'other';
}

export interface FeatureRoom {
  readonly feature: string;
  readonly handlers: readonly string[];
  /** Folders (under functions/src) of the modules only this feature's bundles hold: where a change to it lands. */
  readonly ownFolders: readonly string[];
  /** Folders of the modules it shares with at least one other feature. */
  readonly sharedFolders: readonly string[];
}

/**
 * Where a change to each feature lands: a module held by one feature's
 * bundles only is that feature's; one held by several is shared. The target
 * is one folder per feature beside a small shared kernel.
 */
export function featureRooms(closures: readonly BundleClosure[]): FeatureRoom[] {
  const byFeature = new Map<string, { handlers: string[]; modules: Set<string> }>();
  for (const closure of closures) {
    const feature = featureOf(closure.handler);
    const entry = byFeature.get(feature) ?? { handlers: [], modules: new Set<string>() };
    entry.handlers.push(closure.handler);
    for (const module of closure.modules) entry.modules.add(module);
    byFeature.set(feature, entry);
  }
  const holders = new Map<string, number>();
  for (const { modules } of byFeature.values()) for (const module of modules) holders.set(module, (holders.get(module) ?? 0) + 1);
  const folders = (modules: Iterable<string>) => [...new Set([...modules].map((m) => dirname(m)))].sort();
  return [...byFeature.entries()]
    .map(([feature, { handlers, modules }]) => ({
      feature,
      handlers: handlers.sort(),
      ownFolders: folders([...modules].filter((m) => holders.get(m) === 1)),
      sharedFolders: folders([...modules].filter((m) => (holders.get(m) ?? 0) > 1)),
    }))
    .sort((a, b) => a.feature.localeCompare(b.feature));
}
