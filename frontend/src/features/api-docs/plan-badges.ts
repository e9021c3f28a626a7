import { requestBodyOf, isBinary, type Endpoint } from './endpoints';
import type { PlanLimit } from './openapi-schema';

/** A plan a feature needs: its name, and whether higher plans have it too ("Boost+"). */
export interface TierBadge {
  tier: string;
  name: string;
  orHigher: boolean;
  /** The feature in the reader's words (the document's English when no text is given). */
  feature: string;
}

export interface EndpointBadges {
  beta: boolean;
  /** Plans the whole endpoint needs. */
  endpoint: TierBadge[];
  /** Plans single parameters (or some of their values) need, by parameter name. */
  params: Record<string, TierBadge[]>;
}

function tierBadge(plans: readonly PlanLimit[], tier: string, feature: string): TierBadge {
  const index = plans.findIndex((plan) => plan.tier === tier);
  const name = plans[index]?.name ?? tier.charAt(0).toUpperCase() + tier.slice(1);
  return { tier, name, orHigher: index >= 0 && index < plans.length - 1, feature };
}

/**
 * Sorts an operation's `x-plans` rules into the endpoint's own badge and
 * badges beside parameters. The document does not say which rules cover
 * the whole endpoint, so a rule on a required parameter or on the main
 * upload (every request sends one of them) counts as the endpoint's; a rule
 * on an optional setting stays with that setting.
 */
export function badgesOf(endpoint: Endpoint, plans: readonly PlanLimit[], featureName: (param: string) => string | undefined = () => undefined): EndpointBadges {
  const rules = endpoint.operation['x-plans']?.rules ?? [];
  const schema = requestBodyOf(endpoint.operation)?.schema;
  const required = new Set(schema?.required ?? []);
  const result: EndpointBadges = { beta: endpoint.operation['x-plans']?.beta ?? false, endpoint: [], params: {} };
  for (const rule of rules) {
    const badge = tierBadge(plans, rule.min_tier, featureName(rule.param) ?? rule.feature);
    const property = schema?.properties?.[rule.param];
    if (!property || required.has(rule.param) || isBinary(property)) {
      if (!result.endpoint.some((existing) => existing.tier === badge.tier)) result.endpoint.push(badge);
    } else {
      (result.params[rule.param] ??= []).push(badge);
    }
  }
  return result;
}
