import type { RouteDefinition } from '../../http/routes';
import { safeDecode } from '../safe-decode';

export interface RouteMatch {
  route: RouteDefinition;
  pathParameters: Record<string, string>;
}

function compile(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const pattern = path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1] ?? '');
      return '([^/]+)';
    })
    .join('/');
  return { regex: new RegExp(`^${pattern}/?$`), names };
}

/** Matches as API Gateway does: a resource path first, then its method. */
export function createMatcher(routes: readonly RouteDefinition[]) {
  const compiled = routes.map((route) => ({ route, ...compile(route.path) }));
  return (method: string, path: string): { match?: RouteMatch; pathKnown: boolean } => {
    let pathKnown = false;
    for (const entry of compiled) {
      const found = entry.regex.exec(path);
      if (!found) continue;
      pathKnown = true;
      if (entry.route.method !== method) continue;
      const pathParameters: Record<string, string> = {};
      entry.names.forEach((name, i) => {
        pathParameters[name] = safeDecode(found[i + 1] ?? '');
      });
      return { match: { route: entry.route, pathParameters }, pathKnown };
    }
    return { pathKnown };
  };
}
