import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { portalErrorSchema } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { routes } from '@frameforge/functions/kernel/http/routes';
import { createMatcher } from '@frameforge/local-stack/gateway/route-matcher';
import { KNOWN_GAPS } from './known-gaps';
import type { DocOperation, OpenApiDocument } from './operations';
import { PORTAL_CONTRACTS } from './portal-operations';
import type { HostileAnswer, HostileRequest } from './raw-http';

export interface ContractVerdict {
  /** Answers that break the documented contract. */
  problems: string[];
  /** Known documentation gaps this answer fell into (tolerated, counted). */
  gaps: string[];
}

const PORTAL_ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 429];

/** Which route a request reached: the gateway matches the normalised path, as API Gateway does. */
const matchers = { product: createMatcher(routes.filter((r) => r.api === 'product')), portal: createMatcher(routes.filter((r) => r.api === 'portal')) };
export function reachedRoute(request: HostileRequest): string | undefined {
  const pathname = new URL(request.path, 'http://gateway.local').pathname;
  const { match } = matchers[request.api](request.method, pathname);
  return match ? `${match.route.method} ${match.route.path}` : undefined;
}

const isJson = (answer: HostileAnswer) => /^application\/json\b/i.test(String(answer.headers['content-type'] ?? ''));

function parsed(answer: HostileAnswer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(answer.body.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

/** Checks answers against the OpenAPI document the API served (product) and the portal's zod contracts. */
export class ContractCheck {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ $id: 'openapi', components: document.components });
  }

  verdict(request: HostileRequest, answer: HostileAnswer): ContractVerdict {
    const route = reachedRoute(request);
    if (request.api === 'portal') return this.portal(route, answer);
    return this.product(route, answer);
  }

  private product(route: string | undefined, answer: HostileAnswer): ContractVerdict {
    const verdict: ContractVerdict = { problems: [], gaps: [] };
    const label = route ?? 'no route';
    const [method = '', path = ''] = route?.split(' ') ?? [];
    const operation: DocOperation | undefined = route ? this.document.paths[path]?.[method.toLowerCase()] : undefined;
    // No route: the gateway's own 404, in the product error shape.
    const responses = operation?.responses ?? { '404': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } };
    // OpenAPI also documents a whole class of statuses at once (`4XX`, `5XX`).
    const documented = responses[String(answer.status)] ?? responses[`${String(answer.status)[0] ?? ''}XX`];
    if (!documented) {
      const gap = this.gap(label, answer.status, 'status');
      if (gap) verdict.gaps.push(gap);
      else verdict.problems.push(`${label}: status ${answer.status} is not documented (documented: ${Object.keys(responses).join(', ')})`);
      return verdict;
    }
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) {
      if (isJson(answer) && answer.body.length > 0) {
        const gap = this.gap(label, answer.status, 'body');
        if (gap) verdict.gaps.push(gap);
        else verdict.problems.push(`${label}: the JSON body of ${answer.status} is not documented`);
      }
      return verdict;
    }
    const body = parsed(answer);
    if (!isJson(answer) || !body.ok) {
      verdict.problems.push(`${label}: ${answer.status} is documented as JSON, the answer is ${String(answer.headers['content-type'] ?? 'untyped')}`);
      return verdict;
    }
    const validate = this.validator(`${label} ${answer.status}`, schema);
    if (!validate(body.value)) verdict.problems.push(`${label}: ${answer.status} body does not match its schema: ${this.ajv.errorsText(validate.errors)}`);
    return verdict;
  }

  private portal(route: string | undefined, answer: HostileAnswer): ContractVerdict {
    const verdict: ContractVerdict = { problems: [], gaps: [] };
    const label = route ?? 'no route';
    const contract = route ? PORTAL_CONTRACTS[route] : undefined;
    const success = contract?.ok[answer.status];
    const body = parsed(answer);
    if (success === 'redirect') {
      if (!answer.headers.location) verdict.problems.push(`${label}: a ${answer.status} without Location`);
      return verdict;
    }
    if (success) {
      if (!isJson(answer) || !body.ok) verdict.problems.push(`${label}: ${answer.status} is not JSON`);
      else if (success !== 'json') {
        const result = success.safeParse(body.value);
        if (!result.success) verdict.problems.push(`${label}: ${answer.status} body does not match its contract: ${result.error.issues[0]?.message ?? ''} at ${result.error.issues[0]?.path.join('.') ?? ''}`);
      }
      return verdict;
    }
    if (!PORTAL_ERROR_STATUSES.includes(answer.status) || (!contract && answer.status !== 404)) {
      const gap = this.gap(label, answer.status, 'status');
      if (gap) verdict.gaps.push(gap);
      else verdict.problems.push(`${label}: status ${answer.status} is not one of the portal's answers`);
      return verdict;
    }
    if (!isJson(answer) || !body.ok || !portalErrorSchema.safeParse(body.value).success) {
      verdict.problems.push(`${label}: a ${answer.status} that is not the portal's error body: ${answer.body.toString('utf8').slice(0, 120)}`);
    }
    return verdict;
  }

  private gap(label: string, status: number, kind: 'status' | 'body'): string | undefined {
    const known = KNOWN_GAPS.find((g) => (g.operation === label || g.operation === '*') && g.status === status && g.kind === kind);
    return known ? `${label} ${status} (${kind}): ${known.why}` : undefined;
  }

  private validator(key: string, schema: unknown): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      // The document's local references point into the components registered under the id `openapi`.
      const rebased = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/')) as object;
      validate = this.ajv.compile(rebased);
      this.validators.set(key, validate);
    }
    return validate;
  }
}
