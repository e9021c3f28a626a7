/**
 * Cognito locally: cognito-local's own services (taken from its private
 * modules through `cognito-local-internals.ts` alone), composed as its
 * default server does, with these changes that make the real clients work:
 * - it binds 127.0.0.1 and keeps its state under our state folder;
 * - codes and links are delivered as e-mail to the local inbox (SMTP),
 *   through the same CustomMessage trigger that runs on AWS, and tokens are
 *   issued through the same pre token generation trigger;
 * - calls the real clients make and cognito-local lacks are added
 *   (`cognito-extra-targets.ts`);
 * - the calls the portal makes answer as Cognito does: the pool's password
 *   policy, AWS's error codes and messages, the app client's "prevent user
 *   existence errors" and the per-user limits (`cognito-aws-*.ts`);
 * - sign-in speaks SRP (USER_SRP_AUTH) as Cognito does, and only the flows
 *   the app client enables are accepted (`cognito-aws-sign-in.ts`);
 * - authenticator apps (TOTP) as a second factor (`cognito-aws-mfa.ts`).
 */
import type { Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
// Before the v2 SDK below: loading the internals silences its end-of-support notice.
import {
  CognitoServiceFactoryImpl,
  createServer,
  CryptoService,
  DateClock,
  JwtTokenGenerator,
  LambdaService,
  MessageDeliveryService,
  MessagesService,
  otp,
  Router,
  StormDBDataStoreFactory,
  TriggersService,
  UserPoolServiceFactoryImpl,
} from './cognito-local-internals';
import AWS from 'aws-sdk';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { AttemptLimits } from './cognito-attempt-limits';
import type { AwsTargetServices } from './cognito-aws-common';
import { credentialTargets } from './cognito-aws-credentials';
import { recoveryTargets } from './cognito-aws-recovery';
import { softwareTokenMfa, type IssueTokens } from './cognito-aws-mfa';
import { signInTargets } from './cognito-aws-sign-in';
import { extraTargets, type Route } from './cognito-extra-targets';

export interface CognitoEmulatorOptions {
  port: number;
  dataDir: string;
  smtpPort: number;
  lambdaEndpoint: string;
  customMessageFunction: string;
  preTokenGenerationFunction: string;
  fromAddress: string;
}

interface DeliveredMessage {
  emailSubject?: string;
  emailMessage?: string;
}

interface User {
  Username: string;
  Attributes?: { Name: string; Value?: string }[];
}

export async function startCognito(options: CognitoEmulatorOptions): Promise<Server> {
  mkdirSync(join(options.dataDir, 'db'), { recursive: true });
  const issuer = `http://127.0.0.1:${options.port}`;
  const logger = pino({ level: process.env.COGNITO_DEBUG ? 'debug' : 'warn' });
  const ctx = { logger };
  const config = {
    LambdaClient: {
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      region: 'us-east-1',
      endpoint: options.lambdaEndpoint,
    },
    TriggerFunctions: { CustomMessage: options.customMessageFunction, PreTokenGeneration: options.preTokenGenerationFunction },
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: issuer },
    KMSConfig: { credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, region: 'us-east-1' },
    ServerConfig: { port: options.port, hostname: '127.0.0.1', development: false, https: false as const },
  };
  const dataDirectory = join(options.dataDir, 'db');
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognitoClient = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognitoClient,
    new LambdaService(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient)),
    new CryptoService(config.KMSConfig as never),
  );
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: options.smtpPort, secure: false, ignoreTLS: true });
  const smtpSender = {
    async sendEmail(_ctx: unknown, user: User, destination: string, message: DeliveredMessage) {
      // As Cognito does with "keep original until verified": the code for a new address goes to the new address.
      // The emulator keeps the pending change on the user record; its published type does not list it.
      const changes = (user as User & { UnverifiedAttributeChanges?: { Name: string; Value?: string }[] }).UnverifiedAttributeChanges;
      const pending = changes?.find((attribute) => attribute.Name === 'email')?.Value;
      await transport.sendMail({
        from: options.fromAddress,
        to: pending ?? destination,
        subject: message.emailSubject ?? 'Your verification code',
        html: message.emailMessage ?? '',
      });
    },
    async sendSms() {
      throw new Error('SMS is not used by this product.');
    },
  };
  const services = {
    clock,
    cognito: cognitoClient,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(smtpSender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const base = Router(services as never) as (target: string) => Route;
  const extra = extraTargets(services as never, base);
  const next = (target: string): Route => extra[target] ?? base(target);
  const aws = { services: services as unknown as AwsTargetServices, limits: new AttemptLimits(() => clock.get().getTime()), next };
  const mfa = softwareTokenMfa(aws, tokenIssuer(services as never));
  const faithful: Record<string, Route> = { ...credentialTargets(aws), ...signInTargets(aws, mfa), ...recoveryTargets(aws), ...mfa.targets };
  const router = (target: string): Route => faithful[target] ?? next(target);
  const server = createServer(router as never, logger as never, config.ServerConfig, services as never);
  return (await server.start()) as Server;
}

interface TokenServices {
  cognito: {
    getUserPoolForClientId(ctx: unknown, clientId: string): Promise<{
      options: { Id: string };
      listUserGroupMembership(ctx: unknown, user: unknown): Promise<readonly string[]>;
      storeRefreshToken(ctx: unknown, token: string, user: unknown): Promise<void>;
    }>;
    getAppClient(ctx: unknown, clientId: string): Promise<unknown>;
  };
  triggers: { enabled(name: string): boolean; postAuthentication(ctx: unknown, event: Record<string, unknown>): Promise<void> };
  tokenGenerator: { generate(ctx: unknown, user: unknown, groups: readonly string[], client: unknown, metadata: unknown, source: string): Promise<Record<string, unknown> & { RefreshToken: string }> };
}

/** Tokens after a second factor, made as cognito-local makes them after a password: the same triggers, the refresh token kept. */
function tokenIssuer(services: TokenServices): IssueTokens {
  return async (ctx, clientId, user, clientMetadata) => {
    const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
    const client = await services.cognito.getAppClient(ctx, clientId);
    if (services.triggers.enabled('PostAuthentication')) {
      await services.triggers.postAuthentication(ctx, {
        clientId,
        clientMetadata,
        source: 'PostAuthentication_Authentication',
        userAttributes: user.Attributes,
        username: user.Username,
        userPoolId: pool.options.Id,
      });
    }
    const tokens = await services.tokenGenerator.generate(ctx, user, await pool.listUserGroupMembership(ctx, user), client, clientMetadata, 'Authentication');
    await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
    return tokens;
  };
}
