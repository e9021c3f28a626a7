import { ListUsersCommand, type CognitoIdentityProviderClient, type ListUsersCommandOutput } from '@aws-sdk/client-cognito-identity-provider';
import { CognitoUserDirectory } from './cognito-user-directory';

const SUB = '3f1c2a7e-51d0-4b8c-9e6a-1f2d3c4b5a69';
const POOL = 'us-east-1_AbCdEf123';

function directory(answer: Partial<ListUsersCommandOutput>) {
  const send = jest.fn((_command: unknown) => Promise.resolve({ $metadata: {}, ...answer }));
  return { send, users: new CognitoUserDirectory({ send } as unknown as CognitoIdentityProviderClient, POOL) };
}

describe('CognitoUserDirectory', () => {
  it('finds the user by sub with one filtered ListUsers, and answers the e-mail attribute', async () => {
    const { send, users } = directory({ Users: [{ Username: SUB, Enabled: true, Attributes: [{ Name: 'email', Value: 'ada@example.com' }] }] });
    await expect(users.emailOf(SUB)).resolves.toBe('ada@example.com');
    const command = send.mock.calls[0]?.[0];
    expect(command).toBeInstanceOf(ListUsersCommand);
    expect((command as ListUsersCommand).input).toEqual({ UserPoolId: POOL, Filter: `sub = "${SUB}"`, Limit: 1, AttributesToGet: ['email'] });
  });

  it('no user, a disabled user, or no address: undefined', async () => {
    await expect(directory({ Users: [] }).users.emailOf(SUB)).resolves.toBeUndefined();
    await expect(directory({ Users: [{ Enabled: false, Attributes: [{ Name: 'email', Value: 'a@example.com' }] }] }).users.emailOf(SUB)).resolves.toBeUndefined();
    await expect(directory({ Users: [{ Enabled: true, Attributes: [] }] }).users.emailOf(SUB)).resolves.toBeUndefined();
  });

  it('never puts an id that could break out of the filter into it', async () => {
    const { send, users } = directory({ Users: [] });
    await expect(users.emailOf('x" or email ^= "')).resolves.toBeUndefined();
    expect(send).not.toHaveBeenCalled();
  });
});
