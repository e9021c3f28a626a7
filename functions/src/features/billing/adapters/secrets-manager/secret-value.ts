import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/**
 * A secret given either as a value (the local stack) or as a Secrets Manager
 * ARN (AWS), read once per cold start.
 */
export async function resolveSecret(value: string | undefined, arn: string | undefined, region: string): Promise<string> {
  if (value) return value;
  if (!arn) throw new Error('Neither a secret value nor its ARN is configured');
  const out = await new SecretsManagerClient({ region }).send(new GetSecretValueCommand({ SecretId: arn }));
  if (!out.SecretString) throw new Error(`Secret ${arn} holds no string value`);
  return out.SecretString;
}
