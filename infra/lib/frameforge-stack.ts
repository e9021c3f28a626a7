import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { AccessLogs } from './constructs/access-logs';
import { ApiFunctions } from './constructs/api-functions';
import { ApiGatewayLogging } from './constructs/api-observability';
import { Auth } from './constructs/auth';
import { Billing } from './constructs/billing';
import { Monitoring } from './constructs/monitoring';
import { Notifications } from './constructs/notifications';
import { Data } from './constructs/data';
import { PortalApi } from './constructs/portal-api';
import { ProductApi } from './constructs/product-api';
import { Queues } from './constructs/queues';
import { STRIPE_WEBHOOK_HANDLER } from './constructs/route-access';
import { Site } from './constructs/site';
import { Storage } from './constructs/storage';
import { UsagePlans } from './constructs/usage-plans';
import { Worker } from './constructs/worker';
import { JobEnds } from './constructs/job-ends';

/**
 * FrameForge in one stack. It only composes constructs; the order follows
 * the references: the portal URL, the portal API's URL, the Stripe settings
 * and the usage plans' ids go into the functions' environment, the user pool
 * into the APIs, everything into the SPA's config.json. The usage plans come
 * before the product API: the portal functions that mirror keys into them
 * exist before it, and the API attaches its stage to them.
 */
export interface FrameForgeStackProps extends StackProps {
  /** The portal distribution's AWS WAF web ACL (CLOUDFRONT scope, from the edge stack). */
  readonly webAclArn?: string;
}

export class FrameForgeStack extends Stack {
  constructor(scope: Construct, id: string, props?: FrameForgeStackProps) {
    super(scope, id, props);

    const accessLogs = new AccessLogs(this, 'AccessLogs');
    const site = new Site(this, 'Site', { accessLogs, ...(props?.webAclArn ? { webAclArn: props.webAclArn } : {}) });
    const data = new Data(this, 'Data');
    const storage = new Storage(this, 'Storage', { accessLogs });
    site.servePictures(storage.profilePicturesBucket);
    const queues = new Queues(this, 'Queues');
    const billing = new Billing(this, 'Billing');
    const usagePlans = new UsagePlans(this, 'UsagePlans');
    const apiLogging = new ApiGatewayLogging(this, 'ApiGatewayLogging');
    const portalApi = new PortalApi(this, 'PortalApi', { portalOrigin: site.url, logging: apiLogging });

    const notifications = new Notifications(this, 'Notifications');
    const functions = new ApiFunctions(this, 'Functions', {
      data,
      storage,
      queues,
      billing,
      usagePlans,
      notifications,
      portalUrl: site.url,
      portalApiUrl: portalApi.url,
    });
    const auth = new Auth(this, 'Auth', { functions });
    portalApi.addRoutes({ functions, userPool: auth.userPool, identity: auth.identity });
    const productApi = new ProductApi(this, 'ProductApi', { functions, identity: auth.identity, usagePlans, logging: apiLogging, portalOrigin: site.url });

    const jobEnds = new JobEnds(this, 'JobEnds', { functions, identity: auth.identity, jobsTable: data.tables.jobs });
    const worker = new Worker(this, 'Worker', {
      queue: queues.mediaQueue,
      deadLetterQueue: queues.mediaDeadLetterQueue,
      callbacksQueue: queues.callbacks.queue,
      callbackSecretsTable: data.tables.callbackSecrets,
      usageCountersTable: data.tables.usageCounters,
      sealingKey: storage.apiKeySecretsKey,
      notifications,
      userPoolId: auth.userPool.userPoolId,
      userProfilesTable: data.tables.userProfiles,
      portalUrl: site.url,
      mediaBucket: storage.mediaBucket,
      jobsTable: data.tables.jobs,
      tableEnvironment: data.environment(),
    });

    new Monitoring(this, 'Monitoring', {
      apis: [portalApi.api, productApi.api],
      functions: functions.all,
      queues: queues.watched,
      streams: [{ name: 'JobEnds', fn: jobEnds.fn, failedChanges: jobEnds.failedChanges }],
      worker: { service: worker.service, logGroup: worker.logGroup, minTasks: worker.bounds.minTasks },
    });

    site.deploy({
      region: this.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.webClient.userPoolClientId,
      authFlowType: 'USER_SRP_AUTH',
      portalApiUrl: portalApi.url,
      productApiUrl: productApi.url,
      prices: billing.prices,
      ...(billing.publishableKey ? { stripePublishableKey: billing.publishableKey } : {}),
    });

    new CfnOutput(this, 'PortalUrl', { value: site.url });
    new CfnOutput(this, 'PortalApiUrl', { value: portalApi.url });
    new CfnOutput(this, 'ProductApiUrl', { value: productApi.url });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.webClient.userPoolClientId });
    new CfnOutput(this, 'MediaDeadLetterQueueUrl', { value: queues.mediaDeadLetterQueue.queueUrl });
    new CfnOutput(this, 'StripeWebhookUrl', {
      value: portalApi.urlOf(STRIPE_WEBHOOK_HANDLER),
      description: 'Register as a Stripe webhook endpoint; put its signing secret into StripeWebhookSecretArn',
    });
    new CfnOutput(this, 'StripeSecretKeyArn', {
      value: billing.stripeSecretKey.secretArn,
      description: 'Set after deploy: put the Stripe secret key (sk_...) into this secret',
    });
    new CfnOutput(this, 'StripeWebhookSecretArn', {
      value: billing.webhookSigningSecret.secretArn,
      description: 'Set after deploy: put the webhook signing secret (whsec_...) into this secret',
    });
  }
}
