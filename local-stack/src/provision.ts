import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  SetUserPoolMfaConfigCommand,
  DescribeUserPoolClientCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { buckets, localName, queues, tables, userPool, type TableDefinition } from '@frameforge/functions/kernel/contracts/resources';

const region = 'us-east-1';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export interface ProvisionEndpoints {
  dynamodb: string;
  sqs: string;
  s3: string;
  cognito: string;
}

export interface ProvisionedResources {
  tables: Record<string, string>;
  buckets: Record<string, string>;
  queues: Record<string, string>;
  userPoolId: string;
  userPoolClientId: string;
}

function attributeDefinitions(table: TableDefinition): AttributeDefinition[] {
  const keys = [table.partitionKey, table.sortKey, ...table.globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  const seen = new Map<string, AttributeDefinition>();
  for (const key of keys) if (key) seen.set(key.name, { AttributeName: key.name, AttributeType: key.type });
  return [...seen.values()];
}

/** A table kept from an earlier run, made before it had a stream, gets one. */
async function streamIfMissing(client: DynamoDBClient, name: string, table: TableDefinition): Promise<void> {
  if (!table.stream) return;
  const described = await client.send(new DescribeTableCommand({ TableName: name }));
  if (described.Table?.StreamSpecification?.StreamEnabled) return;
  await client.send(new UpdateTableCommand({ TableName: name, StreamSpecification: { StreamEnabled: true, StreamViewType: table.stream } }));
}

async function provisionTables(endpoint: string): Promise<Record<string, string>> {
  const client = new DynamoDBClient({ region, endpoint, credentials });
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  const names: Record<string, string> = {};
  for (const table of Object.values(tables) as TableDefinition[]) {
    const name = localName(table.id);
    names[table.envVar] = name;
    if (existing.has(name)) {
      await streamIfMissing(client, name, table);
      continue;
    }
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributeDefinitions(table),
        KeySchema: [
          { AttributeName: table.partitionKey.name, KeyType: 'HASH' },
          ...(table.sortKey ? [{ AttributeName: table.sortKey.name, KeyType: 'RANGE' as const }] : []),
        ],
        ...(table.stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: table.stream } } : {}),
        GlobalSecondaryIndexes: table.globalIndexes.length
          ? table.globalIndexes.map((index) => ({
              IndexName: index.indexName,
              KeySchema: [
                { AttributeName: index.partitionKey.name, KeyType: 'HASH' as const },
                ...(index.sortKey ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' as const }] : []),
              ],
              Projection: { ProjectionType: 'ALL' as const },
            }))
          : undefined,
      }),
    );
    if (table.timeToLiveAttribute) {
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: name,
          TimeToLiveSpecification: { AttributeName: table.timeToLiveAttribute, Enabled: true },
        }),
      );
    }
  }
  return names;
}

async function provisionBuckets(endpoint: string): Promise<Record<string, string>> {
  const client = new S3Client({ region, endpoint, credentials, forcePathStyle: true });
  const names: Record<string, string> = {};
  for (const bucket of Object.values(buckets)) {
    const name = localName(bucket.id);
    names[bucket.envVar] = name;
    const exists = await client.send(new HeadBucketCommand({ Bucket: name })).then(
      () => true,
      () => false,
    );
    if (!exists) await client.send(new CreateBucketCommand({ Bucket: name }));
  }
  return names;
}

async function provisionQueues(endpoint: string): Promise<Record<string, string>> {
  const client = new SQSClient({ region, endpoint, credentials, useQueueUrlAsEndpoint: false });
  const urls: Record<string, string> = {};
  for (const queue of Object.values(queues)) {
    // CreateQueue is idempotent for equal attributes: it returns the existing queue.
    const dlq = await client.send(new CreateQueueCommand({ QueueName: localName(`${queue.id}-dlq`) }));
    const dlqArn = (
      await client.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }))
    ).Attributes?.QueueArn;
    const created = await client.send(
      new CreateQueueCommand({
        QueueName: localName(queue.id),
        Attributes: {
          VisibilityTimeout: String(queue.visibilityTimeoutSeconds),
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: queue.maxReceiveCount }),
        },
      }),
    );
    urls[queue.envVar] = created.QueueUrl ?? '';
    urls[queue.deadLetterEnvVar] = dlq.QueueUrl ?? '';
  }
  return urls;
}

async function provisionUserPool(endpoint: string): Promise<{ userPoolId: string; userPoolClientId: string }> {
  const client = new CognitoIdentityProviderClient({ region, endpoint, credentials });
  const poolName = localName(userPool.id);
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let poolId = pools.UserPools?.find((p) => p.Name === poolName)?.Id;
  if (!poolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: poolName,
        UsernameAttributes: [...userPool.usernameAttributes],
        AutoVerifiedAttributes: [...userPool.autoVerifiedAttributes],
        UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: [...userPool.keepOriginalUntilVerified] },
        Policies: {
          PasswordPolicy: {
            MinimumLength: userPool.passwordPolicy.minimumLength,
            RequireLowercase: userPool.passwordPolicy.requireLowercase,
            RequireUppercase: userPool.passwordPolicy.requireUppercase,
            RequireNumbers: userPool.passwordPolicy.requireNumbers,
            RequireSymbols: userPool.passwordPolicy.requireSymbols,
          },
        },
      }),
    );
    poolId = created.UserPool?.Id;
  }
  if (!poolId) throw new Error('The local user pool could not be created.');
  // Set at every start, so a pool kept from before two-factor sign-in existed gets it too.
  await client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: poolId,
      MfaConfiguration: userPool.mfa,
      SoftwareTokenMfaConfiguration: { Enabled: userPool.mfaSecondFactor.otp },
    }),
  );
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: poolId, MaxResults: 60 }));
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === userPool.clientId)?.ClientId;
  const preventUserExistenceErrors = userPool.preventUserExistenceErrors ? 'ENABLED' : 'LEGACY';
  const explicitAuthFlows = userPool.authFlows.map((f) => `ALLOW_${f}` as const);
  if (!clientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: poolId,
        ClientName: userPool.clientId,
        ExplicitAuthFlows: explicitAuthFlows,
        PreventUserExistenceErrors: preventUserExistenceErrors,
      }),
    );
    clientId = created.UserPoolClient?.ClientId;
  } else {
    // A client kept from an earlier start takes the settings it may predate (such as a password flow since turned off).
    const existing = (await client.send(new DescribeUserPoolClientCommand({ UserPoolId: poolId, ClientId: clientId }))).UserPoolClient;
    const sameFlows = [...(existing?.ExplicitAuthFlows ?? [])].sort().join() === [...explicitAuthFlows].sort().join();
    if (existing?.PreventUserExistenceErrors !== preventUserExistenceErrors || !sameFlows) {
      await client.send(
        new UpdateUserPoolClientCommand({ UserPoolId: poolId, ClientId: clientId, PreventUserExistenceErrors: preventUserExistenceErrors, ExplicitAuthFlows: explicitAuthFlows }),
      );
    }
  }
  if (!clientId) throw new Error('The local user pool client could not be created.');
  return { userPoolId: poolId, userPoolClientId: clientId };
}

/** Creates what is missing, from the same definitions the CDK stack uses; keeps what exists. */
export async function provision(endpoints: ProvisionEndpoints): Promise<ProvisionedResources> {
  const [tableNames, bucketNames, queueUrls, pool] = await Promise.all([
    provisionTables(endpoints.dynamodb),
    provisionBuckets(endpoints.s3),
    provisionQueues(endpoints.sqs),
    provisionUserPool(endpoints.cognito),
  ]);
  return { tables: tableNames, buckets: bucketNames, queues: queueUrls, ...pool };
}
