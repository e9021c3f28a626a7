import { DeleteCommand, GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RoleRepository } from '../../domain/billing';

/** spec's user_roles: one row per user that has a role. */
export class DynamoDbRoleRepository implements RoleRepository {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async roleOf(userId: string): Promise<string | undefined> {
    const out = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { userId } }));
    const role: unknown = out.Item?.role;
    return typeof role === 'string' ? role : undefined;
  }

  async deleteAllOf(userId: string): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { userId } }));
  }
}
