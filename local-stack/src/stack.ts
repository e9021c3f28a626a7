import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLE_ENTRY, bundleDirOf, handlerSourceOf } from '@frameforge/functions/bundling/bundle-layout';
import { GATEWAY_PLANS, type GatewayPlan } from '@frameforge/functions/kernel/contracts/usage-plans';
import type { PortalConfig } from '@frameforge/functions/kernel/contracts/portal-config';
import { routes, standaloneFunctions } from '@frameforge/functions/kernel/http/routes';
import { tables } from '@frameforge/functions/kernel/contracts/resources';
import { JOB_END_FILTERS } from '@frameforge/functions/features/request-logs/contracts/job-ends';
import { LOCAL_PRICE_IDS } from './billing-sandbox';
import { createCallbackTap, TAP_PATHS } from './callback-tap';
import { startCognito } from './emulators/cognito';
import { LOCAL_CREDENTIALS, startDynamoDb, startInbox, startS3, startSqs } from './emulators';
import { createApiGatewayKeysEmulator } from './emulators/api-gateway/api-gateway-keys-emulator';
import { startStreamSource, type StreamHandler } from './event-sources/dynamodb-stream-source';
import { ensureFrontendBuild } from './frontend-build';
import { createGateway, type AuthorizerHandler, type ProxyHandler } from './gateway/api-gateway';
import { createIdTokenVerifier } from './gateway/cognito-authorizer';
import { createLambdaInvokeServer, type InvokeHandler } from './gateway/lambda-invoke';
import { startLocalBilling } from './local-billing';
import { parseLocalConfig } from './local-config';
import { createPictureProxy } from './picture-proxy';
import { createPortalHost } from './portal-host';
import { choosePorts } from './ports';
import { stopChildren, superviseChild } from './processes';
import { provision, type ProvisionedResources } from './provision';
import { PRODUCT_CORS_ALLOW_HEADERS, PRODUCT_CORS_EXPOSE_HEADERS } from '@frameforge/functions/kernel/http/product/product-cors';

export const repoRoot = resolve(__dirname, '../..');

export interface Endpoints {
  portal: string;
  portalApi: string;
  productApi: string;
  inbox: string;
  billing: string;
  /** Streams a copy of every signed callback try to `npm run local:listen`. */
  callbackTap: string;
}

export interface LocalServices {
  dynamodb: string;
  /** fauxqs. */
  sqs: string;
  /** Our S3 emulator (emulators/s3): path-style, requests signed with the local key pair. */
  s3: string;
  cognito: string;
  /** API Gateway's key and usage-plan calls (emulators/api-gateway), the plans' ids (three tiers and test keys') under `resources.usagePlans`. */
  apiGateway: string;
  resources: ProvisionedResources & { usagePlans: Record<GatewayPlan, string> };
  /** Signs test webhooks the way the billing sandbox does. */
  stripeWebhookSecret: string;
}


export interface StackOptions {
  stateDir: string;
  /** Free ports chosen at start (tests), instead of the fixed ones (`npm start`). */
  autoPorts: boolean;
  verbose: boolean;
}

const CUSTOM_MESSAGE_FUNCTION = 'frameforge-custom-message';
const PRE_TOKEN_GENERATION_FUNCTION = 'frameforge-pre-token-generation';

const listen = (server: Server, port: number) =>
  new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolveListen());
  });

/**
 * A handler from its TypeScript source (`npm start`), or from the very bundle
 * that deploys when LAMBDA_BUNDLES_DIR names the built bundles (the test
 * stack). Each bundle is its own module graph, as each Lambda is its own process.
 */
async function importHandler<T>(module: string): Promise<T> {
  const bundlesDir = process.env.LAMBDA_BUNDLES_DIR;
  if (bundlesDir) {
    const entry = join(bundleDirOf(resolve(bundlesDir), module), BUNDLE_ENTRY);
    return ((await import(pathToFileURL(entry).href)) as { handler: T }).handler;
  }
  const loaded = (await import(pathToFileURL(handlerSourceOf(module).file).href)) as { handler: T };
  return loaded.handler;
}

/**
 * The worker from its TypeScript source (`npm start`), or from the very
 * bundle its image runs when WORKER_IMAGE_DIR names the built one (the test
 * stack; `npm run build:worker`), with the caption fonts the image sets.
 */
function workerProcess(): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
  const imageDir = process.env.WORKER_IMAGE_DIR;
  if (!imageDir) return { command: process.execPath, args: ['--import', 'tsx', join(repoRoot, 'containers/worker/src/main.ts')], env: {} };
  const dir = resolve(imageDir);
  return { command: process.execPath, args: ['--enable-source-maps', join(dir, 'worker.js')], env: { FONTS_DIR: join(dir, 'fonts/poppins') } };
}

/** Starts the whole product on this machine; resolves once every part answers. */
export async function startStack(options: StackOptions): Promise<{ endpoints: Endpoints; stop: () => Promise<void> }> {
  const stateDir = resolve(options.stateDir);
  const settings = parseLocalConfig(process.env);
  mkdirSync(stateDir, { recursive: true });
  const ports = await choosePorts(options.autoPorts);
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const endpoints: Endpoints = {
    portal: url(ports.portal),
    portalApi: url(ports.portalApi),
    productApi: url(ports.productApi),
    inbox: url(ports.inbox),
    billing: url(ports.billing),
    callbackTap: url(ports.callbackTap),
  };
  const servers: Server[] = [];
  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    await Promise.all(stoppers.map((s) => s()));
    await Promise.all(servers.map((s) => new Promise((r) => s.close(() => r(undefined)))));
    await stopChildren();
  };

  try {
    const distDir = ensureFrontendBuild(join(repoRoot, 'frontend'));
    const lambda = createLambdaInvokeServer({
      [CUSTOM_MESSAGE_FUNCTION]: () => importHandler<InvokeHandler>(standaloneFunctions.customMessage),
      [PRE_TOKEN_GENERATION_FUNCTION]: () => importHandler<InvokeHandler>(standaloneFunctions.preTokenGeneration),
    });
    servers.push(lambda);
    const apiGateway = createApiGatewayKeysEmulator(join(stateDir, 'api-gateway.json'), LOCAL_CREDENTIALS.accessKeyId);
    servers.push(apiGateway.server);
    const usagePlans = Object.fromEntries(GATEWAY_PLANS.map((plan) => [plan, apiGateway.store.ensurePlan(`frameforge-${plan}`)])) as Record<GatewayPlan, string>;
    await Promise.all([
      startDynamoDb(ports.dynamodb, join(stateDir, 'dynamodb')),
      startS3(ports.s3, stateDir),
      startSqs(ports.sqs, stateDir),
      startInbox(ports.smtp, ports.inbox, stateDir),
      listen(lambda, ports.lambda),
      listen(apiGateway.server, ports.apiGateway),
    ]);
    const cognito = await startCognito({
      port: ports.cognito,
      dataDir: join(stateDir, 'cognito'),
      smtpPort: ports.smtp,
      lambdaEndpoint: url(ports.lambda),
      customMessageFunction: CUSTOM_MESSAGE_FUNCTION,
      preTokenGenerationFunction: PRE_TOKEN_GENERATION_FUNCTION,
      fromAddress: 'FrameForge <no-reply@frameforge.local>',
    });
    servers.push(cognito);
    const billing = await startLocalBilling({
      port: ports.billing,
      stateDir,
      publicUrl: endpoints.billing,
      portalApiUrl: endpoints.portalApi,
    });
    stoppers.push(billing.stop);
    const resources = await provision({ dynamodb: url(ports.dynamodb), sqs: url(ports.sqs), s3: url(ports.s3), cognito: url(ports.cognito) });
    const issuer = `${url(ports.cognito)}/${resources.userPoolId}`;

    // The handlers' configuration: the same variables the CDK stack sets, pointing at the emulators.
    const functionEnvironment: Record<string, string> = {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: url(ports.dynamodb),
      AWS_ENDPOINT_URL_S3: url(ports.s3),
      AWS_ENDPOINT_URL_SQS: url(ports.sqs),
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: url(ports.cognito),
      // Keys go into usage plans as on AWS; the local gateway still throttles by the authorizer's tier.
      AWS_ENDPOINT_URL_API_GATEWAY: url(ports.apiGateway),
      USAGE_PLAN_BASIC: usagePlans.basic,
      USAGE_PLAN_BOOST: usagePlans.boost,
      USAGE_PLAN_ELITE: usagePlans.elite,
      USAGE_PLAN_TEST: usagePlans.test,
      GATEWAY_KEY_OWNER: 'frameforge-local',
      S3_FORCE_PATH_STYLE: 'true',
      ...resources.tables,
      ...resources.buckets,
      ...resources.queues,
      USER_POOL_ID: resources.userPoolId,
      USER_POOL_CLIENT_ID: resources.userPoolClientId,
      COGNITO_ISSUER: issuer,
      PORTAL_URL: endpoints.portal,
      PORTAL_API_URL: endpoints.portalApi,
      // Task links and Location headers are built on this, never on the request's Host.
      PRODUCT_API_URL: endpoints.productApi,
      ...billing.environment,
      SEALING_KEY_FILE: join(stateDir, 'sealing.key'),
      // Notices (usage alerts, job failures) go to the local inbox; the worker inherits this environment.
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      // CloudFront's picture path and the browser's upload target, both same-origin on the portal.
      PICTURES_BASE_URL: `${endpoints.portal}/profile-pictures`,
      PICTURES_UPLOAD_URL: `${endpoints.portal}/_storage/profile-pictures`,
      // The API and the worker (which inherits this environment) share it: the built-in voices, no key needed.
      VOICE_PROVIDER: 'local',
    };
    Object.assign(process.env, functionEnvironment);
    // For tests that run a handler's bundle with one setting changed (the production voice engine, say).
    writeFileSync(join(stateDir, 'functions-env.json'), `${JSON.stringify(functionEnvironment, null, 2)}\n`);

    // Ended jobs reach their requests' log rows through the jobs table's stream, as on AWS.
    const jobEnds = await startStreamSource({
      endpoint: url(ports.dynamodb),
      tableName: resources.tables[tables.jobs.envVar] ?? '',
      load: () => importHandler<StreamHandler>(standaloneFunctions.taskOutcomes),
      filters: JOB_END_FILTERS,
      onError: (message, error) => console.error(`[jobs stream] ${message}`, error ?? ''),
    });
    stoppers.push(jobEnds.stop);

    const portalApi = createGateway({
      api: 'portal',
      routes: routes.filter((r) => r.api === 'portal'),
      loadHandler: (m) => importHandler<ProxyHandler>(m),
      verifyIdToken: createIdTokenVerifier(issuer, resources.userPoolClientId),
      corsOrigin: endpoints.portal,
      binaryBodies: false,
      publicUrl: endpoints.portalApi,
    });
    const productApi = createGateway({
      api: 'product',
      routes: routes.filter((r) => r.api === 'product'),
      loadHandler: (m) => importHandler<ProxyHandler>(m),
      authorizer: await importHandler<AuthorizerHandler>(standaloneFunctions.apiKeyAuthorizer),
      authorizerCacheSeconds: settings.AUTHORIZER_CACHE_SECONDS,
      // The docs' try-it console sends from the portal, as API Gateway allows it (product-api.ts).
      corsOrigin: endpoints.portal,
      corsAllowHeaders: PRODUCT_CORS_ALLOW_HEADERS,
      corsExposeHeaders: PRODUCT_CORS_EXPOSE_HEADERS,
      binaryBodies: true,
      publicUrl: endpoints.productApi,
    });
    const config: PortalConfig = {
      region: 'us-east-1',
      userPoolId: resources.userPoolId,
      userPoolClientId: resources.userPoolClientId,
      userPoolEndpoint: url(ports.cognito),
      authFlowType: 'USER_SRP_AUTH',
      portalApiUrl: endpoints.portalApi,
      productApiUrl: endpoints.productApi,
      prices: LOCAL_PRICE_IDS,
    };
    // The task page plays outputs from their signed links, which point at the S3 emulator.
    const portal = createPortalHost(distDir, config, createPictureProxy({ s3Endpoint: url(ports.s3), bucket: resources.buckets.BUCKET_PROFILE_PICTURES ?? '' }), [url(ports.s3)]);
    servers.push(portalApi, productApi, portal);
    const tap = createCallbackTap();
    stoppers.push(tap.close);
    await Promise.all([listen(portalApi, ports.portalApi), listen(productApi, ports.productApi), listen(portal, ports.portal), listen(tap.server, ports.callbackTap)]);

    const workDir = join(stateDir, 'work');
    mkdirSync(workDir, { recursive: true });
    const worker = workerProcess();
    superviseChild({
      name: 'worker',
      command: worker.command,
      args: worker.args,
      // Short visibility and stop window locally: a crashed or stopped worker's job is taken up within seconds.
      env: {
        ...worker.env,
        WORK_DIR: workDir, WORKER_VISIBILITY_SECONDS: '6', WORKER_STOP_WINDOW_SECONDS: '2', WORKER_RETRY_DELAY_SECONDS: '1', CALLBACK_RETRY_BASE_SECONDS: '1',
        // Every signed callback try is also copied to the tap, for `npm run local:listen`; the try itself keeps the address policy.
        CALLBACK_MIRROR_URL: `${endpoints.callbackTap}${TAP_PATHS.deliveries}`,
      },
      verbose: options.verbose,
      onStart: (child) => writeFileSync(join(stateDir, 'worker.pid'), `${child.pid ?? ''}\n`),
    });

    // The emulators behind the APIs, for tests and for looking inside with the AWS CLI or SDK.
    const services: LocalServices = {
      dynamodb: url(ports.dynamodb),
      sqs: url(ports.sqs),
      s3: url(ports.s3),
      cognito: url(ports.cognito),
      apiGateway: url(ports.apiGateway),
      resources: { ...resources, usagePlans },
      stripeWebhookSecret: billing.webhookSecret,
    };
    writeFileSync(join(stateDir, 'services.json'), `${JSON.stringify(services, null, 2)}\n`);
    writeFileSync(join(stateDir, 'endpoints.json'), `${JSON.stringify(endpoints, null, 2)}\n`);
    return { endpoints, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
