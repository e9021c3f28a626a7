import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tables } from '@frameforge/functions/kernel/contracts/resources';
import { ADMIN_ROLE } from '@frameforge/functions/features/billing/domain/subscription-lookup';
import type { LocalServices } from './stack';

/** The user id (`sub`) inside an ID token; the token was just issued to us, so it is not verified here. */
export function userIdOf(idToken: string): string {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: string };
  if (!payload.sub) throw new Error('The ID token carries no sub');
  return payload.sub;
}

/**
 * Makes a local user an admin: the spec's user_roles row. There is no admin
 * screen (spec §6), so on AWS an operator writes the same row.
 */
export async function grantAdmin(services: LocalServices, userId: string): Promise<void> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint: services.dynamodb,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  await client.send(
    new PutCommand({
      TableName: services.resources.tables[tables.userRoles.envVar],
      Item: { userId, role: ADMIN_ROLE, createdAt: new Date().toISOString() },
    }),
  );
  client.destroy();
}
