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

export interface ApiFunctionsProps {
  readonly data: Data;
  readonly storage: Storage;
  readonly queues: Queues;
  /** `https://…` of the portal (CloudFront). */
  readonly portalUrl: string;
  /** Base URL of the portal API, ending with `/`. */
  readonly portalApiUrl: string;
}

export type CreateFunctionOptions = (
  | { readonly access: Exclude<FunctionAccess, 'trigger'>; readonly identity: Identity }
  /**
   * A Cognito trigger cannot name its own user pool (the pool refers to the
   * function: a CloudFormation cycle); it reads only the portal URLs
   * (`functions/src/config/links.ts`).
   */
  | { readonly access: 'trigger' }
) & {
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
};

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
      environment: options.access === 'trigger' ? this.links() : this.environment(options.identity),
      ...(options.timeoutSeconds ? { timeoutSeconds: options.timeoutSeconds } : {}),
      ...(options.memoryMb ? { memoryMb: options.memoryMb } : {}),
    });
    this.grant(fn, options.access);
    return fn;
  }

  private links(): Record<string, string> {
    return { PORTAL_URL: this.props.portalUrl, PORTAL_API_URL: this.props.portalApiUrl };
  }

  /** The variables `functions/src/config/env.ts` parses; every API handler loads the same schema. */
  private environment(identity: Identity): Record<string, string> {
    const { data, storage, queues } = this.props;
    const region = Stack.of(this).region;
    return {
      ...this.links(),
      ...data.environment(),
      ...queues.environment(),
      [buckets.media.envVar]: storage.mediaBucket.bucketName,
      USER_POOL_ID: identity.userPoolId,
      USER_POOL_CLIENT_ID: identity.userPoolClientId,
      COGNITO_ISSUER: `https://cognito-idp.${region}.amazonaws.com/${identity.userPoolId}`,
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
        // Rate limits and concurrency caps are atomic writes on key and job records.
        // Narrow per route (e.g. read-only for GET /task) once the handlers settle.
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
