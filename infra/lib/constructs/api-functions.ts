import { NestedStack, Stack } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { buckets } from '@frameforge/functions/kernel/contracts/resources';
import { DEPLOYED_VOICE_PROVIDER } from '@frameforge/functions/features/jobs/contracts/voices';
import { accessOf, routes, type ApiId } from '@frameforge/functions/kernel/http/routes';
import { variablesOf, type Capability } from '@frameforge/functions/kernel/http/function-access';
import { reservedConcurrencyOf } from './function-concurrency';
import { grantCapabilities, type GrantedConstructs } from './function-grants';
import { functionId, HandlerFunction } from './handler-function';


export interface Identity {
  readonly userPoolId: string;
  readonly userPoolClientId: string;
}

// The functions are granted from these same constructs, so the props pass on whole.
export interface ApiFunctionsProps extends GrantedConstructs {
  /** `https://…` of the portal (CloudFront). */
  readonly portalUrl: string;
  /** Base URL of the portal API, ending with `/`. */
  readonly portalApiUrl: string;
}

export interface CreateFunctionOptions {
  /**
   * The user pool of the API functions. A Cognito trigger has none: it cannot
   * name its own pool (the pool refers to the function: a CloudFormation
   * cycle), so it reads only the portal URLs (`functions/src/kernel/config/links.ts`).
   */
  readonly identity?: Identity;
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
  readonly nativeModules?: readonly string[];
}

/**
 * Builds the product's Lambda functions with the one shared environment,
 * each granted exactly the capabilities its route declares
 * (`functions/src/kernel/http/routes.ts`, turned into IAM in `function-grants.ts`)
 * and the concurrency its role calls for (`function-concurrency.ts`).
 */
export class ApiFunctions extends Construct {
  private readonly nested = new Map<ApiId, Construct>();
  /** Every function made here, for the alarms and the dashboard. */
  readonly all: lambda.Function[] = [];

  constructor(
    scope: Construct,
    id: string,
    private readonly props: ApiFunctionsProps,
  ) {
    super(scope, id);
  }

  create(handler: string, options: CreateFunctionOptions = {}): lambda.IFunction {
    const capabilities = accessOf(handler);
    const reservedConcurrency = reservedConcurrencyOf(handler);
    const { fn } = new HandlerFunction(this.scopeOf(handler), functionId(handler), {
      handler,
      ...(reservedConcurrency !== undefined ? { reservedConcurrency } : {}),
      environment: options.identity ? this.environment(capabilities, options.identity) : this.poolFreeEnvironment(capabilities),
      ...(options.timeoutSeconds ? { timeoutSeconds: options.timeoutSeconds } : {}),
      ...(options.memoryMb ? { memoryMb: options.memoryMb } : {}),
      ...(options.nativeModules ? { nativeModules: options.nativeModules } : {}),
    });
    this.all.push(fn);
    grantCapabilities(fn, capabilities, { ...this.props, ...(options.identity ? { userPoolId: options.identity.userPoolId } : {}) });
    return fn;
  }

  /**
   * Where a function lives. Each API's route functions (with their roles,
   * policies and log groups) go to a nested stack of their own, which keeps
   * every template far below CloudFormation's 500 resources. That is
   * cycle-free because nothing in these stacks refers to the APIs' stages:
   * the invoke permission beside each function names its stage by its
   * literal name (`rest-api-base.ts`). The
   * authorizer and the Cognito trigger stay here: their invoke permissions
   * live beside the function and name the authorizer and the pool, which
   * refer to the function.
   */
  private scopeOf(handler: string): Construct {
    const route = routes.find((r) => r.handler === handler);
    if (!route) return this;
    let scope = this.nested.get(route.api);
    if (!scope) {
      const stack = new NestedStack(this, `${route.api === 'portal' ? 'Portal' : 'Product'}Functions`, {
        description: `FrameForge: the ${route.api} API's functions`,
      });
      // Logical ids as in one stack (`Functions<Handler>…`), so a function keeps its id's shape wherever it lives.
      scope = new Construct(stack, 'Functions');
      this.nested.set(route.api, scope);
    }
    return scope;
  }

  private links(): Record<string, string> {
    return { PORTAL_URL: this.props.portalUrl, PORTAL_API_URL: this.props.portalApiUrl };
  }

  /**
   * A Cognito trigger's: the pool refers to it, so it cannot name the pool.
   * The links always; the tables and the sender only when it touches them.
   */
  private poolFreeEnvironment(capabilities: readonly Capability[]): Record<string, string> {
    if (capabilities.length === 0) return this.links();
    return { ...this.links(), ...this.props.data.environment(), ...this.props.notifications.environment() };
  }

  /**
   * The variables `functions/src/kernel/config/env.ts` names that this function's
   * capabilities read (`variablesOf`), and no others: a read endpoint is not
   * given the queue, the Stripe prices or the sealing key.
   */
  private environment(capabilities: readonly Capability[], identity: Identity): Record<string, string> {
    const own: ReadonlySet<string> = variablesOf(capabilities);
    return Object.fromEntries(Object.entries(this.everyVariable(capabilities, identity)).filter(([name]) => own.has(name)));
  }

  private everyVariable(capabilities: readonly Capability[], identity: Identity): Record<string, string> {
    const { data, storage, queues, billing, usagePlans } = this.props;
    const region = Stack.of(this).region;
    return {
      ...this.links(),
      ...data.environment(),
      ...queues.environment(),
      ...billing.environment(),
      ...this.props.notifications.environment(),
      // Only the functions that mirror keys name the plans: a plan depends on the
      // product stage, hence on every product function and the authorizer, so
      // those naming a plan would close a CloudFormation cycle.
      ...(capabilities.includes('usage-plan-keys') ? usagePlans.environment() : {}),
      [buckets.media.envVar]: storage.mediaBucket.bucketName,
      USER_POOL_ID: identity.userPoolId,
      USER_POOL_CLIENT_ID: identity.userPoolClientId,
      COGNITO_ISSUER: `https://cognito-idp.${region}.amazonaws.com/${identity.userPoolId}`,
      // Seals secrets at rest (revealable API keys, a job's ElevenLabs key).
      SEALING_KMS_KEY_ID: storage.apiKeySecretsKey.keyId,
      [buckets.profilePictures.envVar]: storage.profilePicturesBucket.bucketName,
      // Pictures are served by the portal's own CloudFront distribution, under this path.
      PICTURES_BASE_URL: `${this.props.portalUrl}/profile-pictures`,
      // The worker's value too: a voice request the worker could not run is refused at once.
      VOICE_PROVIDER: DEPLOYED_VOICE_PROVIDER,
    };
  }
}
