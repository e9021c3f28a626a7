import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CallbackSecrets } from '../../domain/callback-service';
import { newCallbackSecret } from '../../domain/callback-signature';

/** One signing secret per user (`userId` → `secret`), made on first use. */
export class DynamoDbCallbackSecretStore implements CallbackSecrets {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async secretFor(userId: string): Promise<string> {
    const existing = await this.read(userId);
    if (existing) return existing;
    const secret = newCallbackSecret();
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { userId, secret, createdAt: this.now().toISOString() },
          ConditionExpression: 'attribute_not_exists(userId)',
        }),
      );
      return secret;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      // Another request made it first: everyone signs and shows that one.
      const winner = await this.read(userId);
      if (!winner) throw error;
      return winner;
    }
  }

  async deleteAllOf(userId: string): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { userId } }));
  }

  private async read(userId: string): Promise<string | undefined> {
    const out = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { userId }, ConsistentRead: true }));
    const secret: unknown = out.Item?.secret;
    return typeof secret === 'string' ? secret : undefined;
  }
}
