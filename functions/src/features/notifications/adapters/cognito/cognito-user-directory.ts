import { ListUsersCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { UserDirectory } from '../../domain/user-directory';

/** A user id is the pool's `sub`: a UUID, never anything that could break out of the filter's quotes. */
const SUB = /^[A-Za-z0-9-]{1,128}$/;

/**
 * Addresses from the user pool. Our user id is the `sub`, and ListUsers
 * filtered on `sub` is the documented way to find a user by it (the pool's
 * usernames need not equal it).
 */
export class CognitoUserDirectory implements UserDirectory {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly userPoolId: string,
  ) {}

  async emailOf(userId: string): Promise<string | undefined> {
    if (!SUB.test(userId)) return undefined;
    const out = await this.client.send(
      new ListUsersCommand({ UserPoolId: this.userPoolId, Filter: `sub = "${userId}"`, Limit: 1, AttributesToGet: ['email'] }),
    );
    const user = out.Users?.[0];
    if (!user || user.Enabled === false) return undefined;
    return user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value || undefined;
  }
}
