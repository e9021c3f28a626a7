import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import { Construct } from 'constructs';
import { standaloneFunctions } from '@frameforge/functions/kernel/http/routes';
import { PRODUCT_CORS_ALLOW_HEADERS, PRODUCT_CORS_EXPOSE_HEADERS, PRODUCT_CORS_METHODS } from '@frameforge/functions/kernel/http/product/product-cors';
import type { ApiFunctions, Identity } from './api-functions';
import { authorizerCacheTtl } from './authorizer-cache';
import { addJsonGatewayResponses } from './gateway-responses';
import { STAGE_THROTTLES } from '@frameforge/functions/kernel/contracts/usage-plans';
import { afterLoggingRole, executionLogGroup, loggedStageOptions, type ApiGatewayLogging } from './api-observability';
import { acknowledgeRequestValidation, addApiRoutes, STAGE_NAME, stageUrl } from './rest-api-base';
import { addMethodNotAllowed } from './method-not-allowed';
import { firewallAnswer, RATE_WINDOW_SECONDS, WebAcl } from './web-acl';
import type { UsagePlans } from './usage-plans';

export interface ProductApiProps {
  readonly functions: ApiFunctions;
  readonly identity: Identity;
  /** The tiers' plans, put in front of this API's stage. */
  readonly usagePlans: UsagePlans;
  readonly logging: ApiGatewayLogging;
  /** The portal's origin: the docs' try-it console calls this API from it, and no other origin may. */
  readonly portalOrigin: string;
}

/**
 * The common rules' body checks that refuse legitimate media requests, which
 * only count on this API: multipart uploads of up to 6 MB are binary (any
 * byte pattern, `../` and `<script` included) and far over 8 KB; JSON bodies
 * name input URLs, some by IP address (GenericRFI_BODY), and merge requests
 * list many of them. Every such request carries a key, its body is checked
 * by the handler's schema, and our fetcher refuses private and metadata
 * addresses itself (architecture §3), with an answer the caller can read.
 */
export const MEDIA_BODY_RULES = ['SizeRestrictions_BODY', 'CrossSiteScripting_BODY', 'GenericRFI_BODY', 'GenericLFI_BODY', 'EC2MetaDataSSRF_BODY'] as const;

/** Header that carries the customer's API key. */
export const API_KEY_HEADER = 'X-API-Key';

/**
 * The paid FFmpeg API (X-API-Key). A REQUEST authorizer resolves the key;
 * its answer is cached per key for 60 s (context `authorizerCacheSeconds`),
 * so a revoked key stops within 60 s (architecture §3) while a busy client
 * costs one lookup a minute.
 */
export class ProductApi extends Construct {
  readonly api: apigateway.RestApi;
  readonly url: string;

  constructor(scope: Construct, id: string, { functions, identity, usagePlans, logging, portalOrigin }: ProductApiProps) {
    super(scope, id);
    this.api = new apigateway.RestApi(this, 'product', {
      restApiName: 'product',
      description: 'FrameForge FFmpeg API (X-API-Key)',
      // Every non-text body reaches Lambda base64-encoded, byte for byte: uploads are multipart media.
      binaryMediaTypes: ['multipart/form-data', '*/*'],
      // Stage-wide ceiling in front of everything, unauthenticated routes included, above every plan's own.
      deployOptions: loggedStageOptions(this, 'product', { stageName: STAGE_NAME, throttle: stageThrottle() }),
      cloudWatchRole: false,
      // Callers present our own keys, never API Gateway's: the authorizer names the
      // mirrored API Gateway key (`usageIdentifierKey`) that selects the tier's plan.
      apiKeySourceType: apigateway.ApiKeySourceType.AUTHORIZER,
      // The preflight is a mock without a key (a browser sends none on it); the Lambda answers add their own headers (product-cors.ts).
      defaultCorsPreflightOptions: {
        allowOrigins: [portalOrigin],
        allowMethods: [...PRODUCT_CORS_METHODS],
        allowHeaders: [...PRODUCT_CORS_ALLOW_HEADERS],
      },
    });
    this.url = stageUrl(this.api);
    addJsonGatewayResponses(this.api, 'product', portalOrigin, PRODUCT_CORS_EXPOSE_HEADERS);
    afterLoggingRole(this.api, logging);
    executionLogGroup(this, this.api, STAGE_NAME);
    acknowledgeRequestValidation(this.api);
    new WebAcl(this, 'Waf', {
      scope: 'REGIONAL',
      rateLimitPer5Minutes: firewallRatePer5Minutes(),
      countOnly: MEDIA_BODY_RULES,
      rateLimited: firewallAnswer('product'),
    }).associate('Stage', this.api.deploymentStage.stageArn);

    const authorizer = new apigateway.RequestAuthorizer(this, 'ApiKeyAuthorizer', {
      handler: functions.create(standaloneFunctions.apiKeyAuthorizer, { identity }),
      identitySources: [apigateway.IdentitySource.header(API_KEY_HEADER)],
      resultsCacheTtl: authorizerCacheTtl(this.node),
    });

    // apiKeyRequired makes the usage plan of the key the authorizer names (usageIdentifierKey) apply.
    addApiRoutes(this.api, 'product', functions, identity, (route) =>
      route.auth === 'api-key'
        ? { authorizer, authorizationType: apigateway.AuthorizationType.CUSTOM, apiKeyRequired: true }
        : {},
    );

    addMethodNotAllowed(this.api, 'product', portalOrigin);
    usagePlans.attach(this.api);
  }
}

/**
 * The stage's default throttle, consistent with the plans (the shared
 * contract, which the local gateway applies too): no plan is ever cut by the
 * stage before its own.
 */
export function stageThrottle(): { rateLimit: number; burstLimit: number } {
  return { ...STAGE_THROTTLES.product };
}

/**
 * The firewall's per-address ceiling: the stage's own rate (twice Elite's 50
 * requests a second) over the rate window, 30,000 per 5 minutes. Elite alone
 * is sold at 15,000 per 5 minutes, and one address can carry several
 * customers (a NAT, a CI fleet); below the stage's rate the plans and our
 * own limits answer with exact 429s, so the firewall stops floods only.
 */
export function firewallRatePer5Minutes(): number {
  return STAGE_THROTTLES.product.rateLimit * RATE_WINDOW_SECONDS;
}
