import type { RouteDefinition } from '@frameforge/functions/kernel/http/routes';
import { safeDecode } from '../safe-decode';

export interface RouteMatch {
  route: RouteDefinition;
  pathParameters: Record<string, string>;
}

/** What a request finds: its route, or the methods its path takes (none: an unknown path). */
export interface MatchResult {
  match?: RouteMatch;
  /** The methods of the resource the path names, when none is the request's. */
  allowed: string[];
  /** That resource's path, `/task/{id}`: what a 405 names. */
  resourcePath?: string;
}

interface Resource {
  path: string;
  regex: RegExp;
  names: string[];
  /** One rank per segment, 0 literal and 1 parameter: API Gateway prefers the literal segment. */
  ranks: number[];
  routes: RouteDefinition[];
}

function compile(path: string): Omit<Resource, 'routes'> {
  const names: string[] = [];
  const ranks: number[] = [];
  const pattern = path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      ranks.push(param ? 1 : 0);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1] ?? '');
      return '([^/]+)';
    })
    .join('/');
  return { path, regex: new RegExp(`^${pattern}/?$`), names, ranks };
}

const moreSpecific = (a: Resource, b: Resource): number => {
  for (let i = 0; i < Math.min(a.ranks.length, b.ranks.length); i++) {
    const diff = (a.ranks[i] ?? 0) - (b.ranks[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
};

/**
 * Matches as API Gateway does: the resource first (a literal segment before
 * a parameter), then its method. A known resource without the request's
 * method answers the methods it has, for a 405 with `Allow`.
 */
export function createMatcher(routes: readonly RouteDefinition[]) {
  const resources = new Map<string, Resource>();
  for (const route of routes) {
    const resource = resources.get(route.path) ?? { ...compile(route.path), routes: [] };
    resource.routes.push(route);
    resources.set(route.path, resource);
  }
  const ordered = [...resources.values()].sort(moreSpecific);
  return (method: string, path: string): MatchResult => {
    for (const resource of ordered) {
      const found = resource.regex.exec(path);
      if (!found) continue;
      const route = resource.routes.find((r) => r.method === method);
      if (!route) return { allowed: resource.routes.map((r) => r.method), resourcePath: resource.path };
      const pathParameters: Record<string, string> = {};
      resource.names.forEach((name, i) => {
        pathParameters[name] = safeDecode(found[i + 1] ?? '');
      });
      return { match: { route, pathParameters }, allowed: [] };
    }
    return { allowed: [] };
  };
}
