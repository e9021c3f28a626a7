import { Duration } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import { Construct } from 'constructs';
import { standaloneFunctions } from '../../../functions/src/http/routes';
import type { ApiFunctions, Identity } from './api-functions';
import { addJsonGatewayResponses } from './gateway-responses';
import { addApiRoutes, STAGE_NAME, stageUrl } from './rest-api-base';
import type { UsagePlans } from './usage-plans';

export interface ProductApiProps {
  readonly functions: ApiFunctions;
  readonly identity: Identity;
  /** The tiers' plans, put in front of this API's stage. */
  readonly usagePlans: UsagePlans;
}

/** Header that carries the customer's API key. */
export const API_KEY_HEADER = 'X-API-Key';

/**
 * The paid FFmpeg API (X-API-Key). A REQUEST authorizer resolves the key;
 * its answer is cached per key for 60 s, so a revoked key stops within 60 s
 * (architecture §3) while a busy client costs one lookup a minute.
 */
export class ProductApi extends Construct {
  readonly api: apigateway.RestApi;
  readonly url: string;

  constructor(scope: Construct, id: string, { functions, identity, usagePlans }: ProductApiProps) {
    super(scope, id);
    this.api = new apigateway.RestApi(this, 'product', {
      restApiName: 'product',
      description: 'FrameForge FFmpeg API (X-API-Key)',
      // Every non-text body reaches Lambda base64-encoded, byte for byte: uploads are multipart media.
      binaryMediaTypes: ['multipart/form-data', '*/*'],
      deployOptions: {
        stageName: STAGE_NAME,
        tracingEnabled: true,
        metricsEnabled: true,
        // Stage-wide ceiling in front of everything, including unauthenticated routes.
        throttlingRateLimit: 100,
        throttlingBurstLimit: 200,
      },
      cloudWatchRole: false,
      // Callers present our own keys, never API Gateway's: the authorizer names the
      // mirrored API Gateway key (`usageIdentifierKey`) that selects the tier's plan.
      apiKeySourceType: apigateway.ApiKeySourceType.AUTHORIZER,
    });
    this.url = stageUrl(this.api);
    addJsonGatewayResponses(this.api, 'product');

    const authorizer = new apigateway.RequestAuthorizer(this, 'ApiKeyAuthorizer', {
      handler: functions.create(standaloneFunctions.apiKeyAuthorizer, { identity }),
      identitySources: [apigateway.IdentitySource.header(API_KEY_HEADER)],
      resultsCacheTtl: Duration.seconds(60),
    });

    // apiKeyRequired makes the usage plan of the key the authorizer names (usageIdentifierKey) apply.
    addApiRoutes(this.api, 'product', functions, identity, (route) =>
      route.auth === 'api-key'
        ? { authorizer, authorizationType: apigateway.AuthorizationType.CUSTOM, apiKeyRequired: true }
        : {},
    );

    usagePlans.attach(this.api);
  }
}
