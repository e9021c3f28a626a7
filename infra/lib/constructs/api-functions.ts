import { Stack } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { buckets } from '@frameforge/functions/contracts/resources';
import type { Data } from './data';
import { functionId, HandlerFunction } from './handler-function';
import type { Queues } from './queues';
import type { Storage } from './storage';

/**
 * What a function may touch. Each handler gets the narrowest profile its
 * feature needs; environment and grants are bound together here, so a
 * function never holds a name it may not use, or a grant it has no name for.
 */
export type FunctionAccess =
  /** Portal handlers: API keys and jobs (tables), sealing key secrets (KMS). */
  | 'portal'
  /** Product handlers: tables, media bucket, enqueue jobs. */
  | 'product'
  /** Product API authorizer: looks keys up and records their last use. */
  | 'authorizer'
  /** Cognito trigger: renders e-mails, touches no data. */
  | 'trigger';

export interface Identity {
  readonly userPoolId: string;
  readonly userPoolClientId: string;
}

/**
 * The CustomMessage trigger cannot name its own user pool: the pool refers to
 * the function, so the reverse reference is a CloudFormation cycle. Its
 * handler reads only the portal URLs; these values only satisfy the shared
 * config schema. (The pool id is also in every trigger event.)
 */
export const identityUnavailable: Identity = {
  userPoolId: 'unavailable-in-trigger',
  userPoolClientId: 'unavailable-in-trigger',
};

export interface ApiFunctionsProps {
  readonly data: Data;
  readonly storage: Storage;
  readonly queues: Queues;
  /** `https://…` of the portal (CloudFront). */
  readonly portalUrl: string;
  /** Base URL of the portal API, ending with `/`. */
  readonly portalApiUrl: string;
}

export interface CreateFunctionOptions {
  readonly access: FunctionAccess;
  readonly identity: Identity;
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
}

/** Builds the product's Lambda functions with the one shared environment. */
export class ApiFunctions extends Construct {
  constructor(
    scope: Construct,
    id: string,
    private readonly props: ApiFunctionsProps,
  ) {
    super(scope, id);
  }

  create(handler: string, options: CreateFunctionOptions): lambda.IFunction {
    const { fn } = new HandlerFunction(this, functionId(handler), {
      handler,
      environment: this.environment(options.identity),
      ...(options.timeoutSeconds ? { timeoutSeconds: options.timeoutSeconds } : {}),
      ...(options.memoryMb ? { memoryMb: options.memoryMb } : {}),
    });
    this.grant(fn, options.access);
    return fn;
  }

  /** The variables `functions/src/config/env.ts` parses; every handler loads the same schema. */
  private environment(identity: Identity): Record<string, string> {
    const { data, storage, queues, portalUrl, portalApiUrl } = this.props;
    const region = Stack.of(this).region;
    return {
      ...data.environment(),
      ...queues.environment(),
      [buckets.media.envVar]: storage.mediaBucket.bucketName,
      USER_POOL_ID: identity.userPoolId,
      USER_POOL_CLIENT_ID: identity.userPoolClientId,
      COGNITO_ISSUER: `https://cognito-idp.${region}.amazonaws.com/${identity.userPoolId}`,
      PORTAL_URL: portalUrl,
      PORTAL_API_URL: portalApiUrl,
      API_KEY_KMS_KEY_ID: storage.apiKeySecretsKey.keyId,
    };
  }

  private grant(fn: lambda.IFunction, access: FunctionAccess): void {
    const { data, storage, queues } = this.props;
    const { apiKeys, jobs } = data.tables;
    switch (access) {
      case 'portal':
        apiKeys.grantReadWriteData(fn);
        jobs.grantReadData(fn);
        storage.apiKeySecretsKey.grantEncryptDecrypt(fn);
        return;
      case 'product':
        // Product routes create and read jobs and authenticate nothing themselves
        // (the authorizer does); they still read keys for per-key limits.
        apiKeys.grantReadWriteData(fn);
        jobs.grantReadWriteData(fn);
        storage.mediaBucket.grantReadWrite(fn);
        queues.mediaQueue.grantSendMessages(fn);
        return;
      case 'authorizer':
        apiKeys.grantReadWriteData(fn);
        return;
      case 'trigger':
        return;
    }
  }
}
