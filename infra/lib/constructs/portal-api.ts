import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import type { ApiFunctions, Identity } from './api-functions';
import { addJsonGatewayResponses } from './gateway-responses';
import { afterLoggingRole, executionLogGroup, loggedStageOptions, type ApiGatewayLogging } from './api-observability';
import { acknowledgeRequestValidation, addApiRoutes, routeUrl, STAGE_NAME, stageUrl } from './rest-api-base';
import { STRIPE_WEBHOOK_HANDLER } from './route-access';
import { firewallAnswer, WebAcl, type BodySizeExemption } from './web-acl';
import { STAGE_THROTTLES } from '@frameforge/functions/kernel/contracts/usage-plans';
import { routes } from '@frameforge/functions/kernel/http/routes';

export interface PortalApiProps {
  /** The portal's origin: the only one the browser may call this API from. */
  readonly portalOrigin: string;
  readonly logging: ApiGatewayLogging;
}

export interface PortalRoutesProps {
  readonly functions: ApiFunctions;
  readonly userPool: cognito.IUserPool;
  readonly identity: Identity;
}

/**
 * The portal's REST API (Cognito JWT). Created in two steps: the API first,
 * so its URL can go into the functions' environment (the sign-up e-mails link
 * to it), then the routes once the user pool and functions exist.
 */
export class PortalApi extends Construct {
  readonly api: apigateway.RestApi;
  readonly url: string;

  constructor(scope: Construct, id: string, props: PortalApiProps) {
    super(scope, id);
    this.api = new apigateway.RestApi(this, 'portal', {
      restApiName: 'portal',
      description: 'FrameForge developer portal API (Cognito)',
      // A person's browser calls this API: 50 requests a second across the stage is generous and bounds a flood.
      deployOptions: loggedStageOptions(this, 'portal', { stageName: STAGE_NAME, throttle: STAGE_THROTTLES.portal }),
      // The account-wide CloudWatch role is a per-account setting, not this stack's to own.
      cloudWatchRole: false,
      defaultCorsPreflightOptions: {
        allowOrigins: [props.portalOrigin],
        allowMethods: apigateway.Cors.ALL_METHODS,
        allowHeaders: ['Authorization', 'Content-Type'],
      },
    });
    this.url = stageUrl(this.api);
    addJsonGatewayResponses(this.api, 'portal', props.portalOrigin);
    afterLoggingRole(this.api, props.logging);
    executionLogGroup(this, this.api, STAGE_NAME);
    acknowledgeRequestValidation(this.api);
    // Stripe's events (invoice.paid, checkout.session.completed) often exceed the common rules' 8 KB body
    // limit, and a refused event is retried for days, then the endpoint disabled: that one route is exempt.
    new WebAcl(this, 'Waf', {
      scope: 'REGIONAL',
      rateLimitPer5Minutes: 3000,
      bodySizeExemptions: [stripeWebhookRequest()],
      rateLimited: firewallAnswer('portal'),
    }).associate('Stage', this.api.deploymentStage.stageArn);
  }

  addRoutes({ functions, userPool, identity }: PortalRoutesProps): void {
    const authorizer = new apigateway.CognitoUserPoolsAuthorizer(this, 'CognitoAuthorizer', {
      cognitoUserPools: [userPool],
    });
    // Routes with auth 'none' (e.g. Stripe's webhook, which checks Stripe's signature) get no authorizer.
    addApiRoutes(this.api, 'portal', functions, identity, (route) =>
      route.auth === 'cognito' ? { authorizer, authorizationType: apigateway.AuthorizationType.COGNITO } : {},
    );
  }

  /** Full URL of the route of `handler`, e.g. the webhook endpoint to register with Stripe. */
  urlOf(handler: string): string {
    return routeUrl(this.url, 'portal', handler);
  }
}

/** Stripe's webhook as the firewall sees it on the stage's own URL: its method, and its path after the stage name. */
export function stripeWebhookRequest(): BodySizeExemption {
  const route = routes.find((r) => r.api === 'portal' && r.handler === STRIPE_WEBHOOK_HANDLER);
  if (!route) throw new Error(`No portal route for ${STRIPE_WEBHOOK_HANDLER}`);
  return { method: route.method, uriPath: `/${STAGE_NAME}${route.path}` };
}
