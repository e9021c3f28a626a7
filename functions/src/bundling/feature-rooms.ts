import type { BundleClosure } from './bundle-closure';

/** What the rooms are read from: which feature a function is of, and our modules it holds. */
export type ModulesOf = Pick<BundleClosure, 'handler' | 'feature' | 'modules'>;

/** The room of one of our modules (a path under functions/src): `features/<feature>`, or `kernel`, which all features share. */
export function roomOf(module: string): string {
  return module.match(/^features\/[^/]+/)?.[0] ?? module.split('/')[0] ?? module;
}

export interface FeatureRoom {
  readonly feature: string;
  readonly handlers: readonly string[];
  /** Rooms of the modules only this feature's bundles hold: where a change to it lands. The target is its own room alone. */
  readonly ownRooms: readonly string[];
  /** Modules only this feature's bundles hold that sit outside its room. */
  readonly strays: readonly string[];
  /** Rooms of the modules it shares with other features, and how many: the kernel, and the features whose code it uses. */
  readonly sharedRooms: ReadonlyMap<string, number>;
}

/**
 * Where a change to each feature lands: a module held by one feature's
 * bundles only is that feature's, and should sit in its room; one held by
 * several is shared, from the kernel or from the feature that owns it.
 */
export function featureRooms(closures: readonly ModulesOf[]): FeatureRoom[] {
  const byFeature = new Map<string, { handlers: string[]; modules: Set<string> }>();
  for (const closure of closures) {
    const entry = byFeature.get(closure.feature) ?? { handlers: [], modules: new Set<string>() };
    entry.handlers.push(closure.handler);
    for (const module of closure.modules) entry.modules.add(module);
    byFeature.set(closure.feature, entry);
  }
  const holders = new Map<string, number>();
  for (const { modules } of byFeature.values()) for (const module of modules) holders.set(module, (holders.get(module) ?? 0) + 1);
  return [...byFeature.entries()]
    .map(([feature, { handlers, modules }]) => {
      const shared = new Map<string, number>();
      for (const module of modules) if ((holders.get(module) ?? 0) > 1) shared.set(roomOf(module), (shared.get(roomOf(module)) ?? 0) + 1);
      const own = [...modules].filter((m) => holders.get(m) === 1);
      return {
        feature,
        handlers: handlers.sort(),
        ownRooms: [...new Set(own.map(roomOf))].sort(),
        strays: own.filter((m) => roomOf(m) !== `features/${feature}`).sort(),
        sharedRooms: new Map([...shared.entries()].sort(([a], [b]) => a.localeCompare(b))),
      };
    })
    .sort((a, b) => a.feature.localeCompare(b.feature));
}

/**
 * Each module whose only user is one feature but which sits in another
 * feature's room. The kernel is shared by design: what sits there also serves
 * the CDK app, the local gateway or the worker.
 */
export const strayRooms = (rooms: readonly FeatureRoom[]): string[] =>
  rooms.flatMap((r) => r.strays.filter((module) => roomOf(module) !== 'kernel').map((module) => `${r.feature}: ${module}`));

/** The worker's share of the jobs room: what it runs of this package, counted as one more jobs function. */
export const workerClosure = (modules: readonly string[]): ModulesOf => ({ handler: 'ffmpeg worker', feature: 'jobs', modules });
