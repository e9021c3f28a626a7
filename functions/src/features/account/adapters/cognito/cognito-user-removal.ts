import { AdminDeleteUserCommand, ListUsersCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { AccountUsers } from '../../domain/account-deletion';

/** A user id is the pool's `sub`: a UUID, never anything that could break out of the filter's quotes. */
const SUB = /^[A-Za-z0-9-]{1,128}$/;

const isUserNotFound = (error: unknown): boolean => (error as { name?: string }).name === 'UserNotFoundException';

/**
 * Deletes a user from the pool by their `sub`. The pool signs in with the
 * e-mail, so its usernames are generated; the user is found by `sub` (the
 * documented ListUsers filter) and deleted by the username found. A user
 * already gone is the outcome wanted, so a repeated deletion succeeds.
 */
export class CognitoUserRemoval implements AccountUsers {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly userPoolId: string,
  ) {}

  async deleteUser(userId: string): Promise<void> {
    if (!SUB.test(userId)) throw new Error('A user is deleted by their sub.');
    const out = await this.client.send(new ListUsersCommand({ UserPoolId: this.userPoolId, Filter: `sub = "${userId}"`, Limit: 1 }));
    const username = out.Users?.[0]?.Username;
    if (!username) return;
    try {
      await this.client.send(new AdminDeleteUserCommand({ UserPoolId: this.userPoolId, Username: username }));
    } catch (error) {
      if (!isUserNotFound(error)) throw error;
    }
  }
}
