import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ApiFunctions } from './constructs/api-functions';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { PortalApi } from './constructs/portal-api';
import { ProductApi } from './constructs/product-api';
import { Queues } from './constructs/queues';
import { Site } from './constructs/site';
import { Storage } from './constructs/storage';
import { Worker } from './constructs/worker';

/**
 * FrameForge in one stack. It only composes constructs; the order follows
 * the references: the portal URL and the portal API's URL go into the
 * functions' environment, the user pool into the APIs, everything into the
 * SPA's config.json.
 */
export class FrameForgeStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    const site = new Site(this, 'Site');
    const data = new Data(this, 'Data');
    const storage = new Storage(this, 'Storage', { portalOrigin: site.url });
    const queues = new Queues(this, 'Queues');
    const portalApi = new PortalApi(this, 'PortalApi', { portalOrigin: site.url });

    const functions = new ApiFunctions(this, 'Functions', {
      data,
      storage,
      queues,
      portalUrl: site.url,
      portalApiUrl: portalApi.url,
    });
    const auth = new Auth(this, 'Auth', { functions });
    portalApi.addRoutes({ functions, userPool: auth.userPool, identity: auth.identity });
    const productApi = new ProductApi(this, 'ProductApi', { functions, identity: auth.identity });

    new Worker(this, 'Worker', {
      queue: queues.mediaQueue,
      mediaBucket: storage.mediaBucket,
      jobsTable: data.tables.jobs,
      tableEnvironment: data.environment(),
    });

    site.deploy({
      region: this.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.webClient.userPoolClientId,
      authFlowType: 'USER_SRP_AUTH',
      portalApiUrl: portalApi.url,
      productApiUrl: productApi.url,
    });

    new CfnOutput(this, 'PortalUrl', { value: site.url });
    new CfnOutput(this, 'PortalApiUrl', { value: portalApi.url });
    new CfnOutput(this, 'ProductApiUrl', { value: productApi.url });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.webClient.userPoolClientId });
    new CfnOutput(this, 'MediaDeadLetterQueueUrl', { value: queues.mediaDeadLetterQueue.queueUrl });
  }
}
