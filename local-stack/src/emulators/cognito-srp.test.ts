import { execFileSync } from 'node:child_process';
import * as z from 'zod';
import { SrpClient } from '../srp-sign-in';
import { parseClientPublic, passwordClaimHolds, SecretBlocks, serverChallenge, type SrpChallengeState } from './cognito-srp';
import { fromHex, poolNameOf, randomExponent, SRP_N, srpTimestamp } from './cognito-srp-math';

/**
 * Amplify's own SRP client, as the portal runs it in the browser, replaying
 * one exchange from a given secret a: its A, its timestamp format, and its
 * PASSWORD_CLAIM_SIGNATURE for each password. Its CommonJS build runs in
 * Node, in a process of its own: its big-integer code takes seconds per
 * power inside jest's module sandbox and well under one outside it.
 */
const AMPLIFY_REPLAY = `
const { dirname, join } = require('node:path');
const fromAmplify = require('node:module').createRequire(require.resolve('aws-amplify/package.json'));
const srpDir = join(dirname(fromAmplify.resolve('@aws-amplify/auth/package.json')), 'dist/cjs/providers/cognito/utils/srp');
const { getSignatureString, getNowString } = require(join(srpDir, 'index.js'));
const { AuthenticationHelper } = require(join(srpDir, 'AuthenticationHelper/index.js'));
const { BigInteger } = require(join(srpDir, 'BigInteger/index.js'));
const { calculateA } = require(join(srpDir, 'calculate/index.js'));
const input = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
(async () => {
  const N = new BigInteger(input.N, 16);
  const g = new BigInteger('2', 16);
  const a = new BigInteger(input.a, 16);
  const A = await calculateA({ a, g, N });
  const helper = new AuthenticationHelper({ userPoolName: input.poolName, a, g, A, N });
  const signatures = [];
  for (const password of input.passwords) {
    const hkdf = await helper.getPasswordAuthenticationKey({
      username: input.parameters.USER_ID_FOR_SRP,
      password,
      serverBValue: new BigInteger(input.parameters.SRP_B, 16),
      salt: new BigInteger(input.parameters.SALT, 16),
    });
    signatures.push(getSignatureString({ userPoolName: input.poolName, username: input.parameters.USER_ID_FOR_SRP, challengeParameters: input.parameters, dateNow: input.dateNow, hkdf }));
  }
  process.stdout.write(JSON.stringify({ A: A.toString(16), now: getNowString(), signatures }));
})();
`;

const replaySchema = z.object({ A: z.string(), now: z.string(), signatures: z.array(z.string()) });

function amplifyReplay(input: { a: bigint; parameters: Record<string, string>; dateNow: string; passwords: string[] }): z.infer<typeof replaySchema> {
  const out = execFileSync(process.execPath, ['-e', AMPLIFY_REPLAY], {
    cwd: __dirname,
    encoding: 'utf8',
    timeout: 60_000,
    input: JSON.stringify({ N: SRP_N.toString(16), a: input.a.toString(16), poolName: POOL_NAME, parameters: input.parameters, dateNow: input.dateNow, passwords: input.passwords }),
  });
  return replaySchema.parse(JSON.parse(out));
}

const USER_POOL_ID = 'us-east-1_Xy12Ab34';
const POOL_NAME = poolNameOf(USER_POOL_ID);
const USER_ID = '5f0c2c1e-8d1b-4a55-9a3e-0b7f1d2c3e4f';
const PASSWORD = 'secret-pass';

/** The emulator's InitiateAuth answer for a client's A, with the state it seals into the secret block. */
function challengeFor(clientPublicHex: string, blocks = new SecretBlocks()) {
  const clientPublic = parseClientPublic(clientPublicHex);
  if (clientPublic === null) throw new Error('refused A');
  const challenge = serverChallenge(POOL_NAME, USER_ID, PASSWORD);
  const state: SrpChallengeState = {
    clientId: 'web',
    userId: USER_ID,
    salt: challenge.salt.toString(16),
    clientPublic: clientPublic.toString(16),
    serverSecret: challenge.serverSecret.toString(16),
    serverPublic: challenge.serverPublic.toString(16),
    issuedAt: 0,
  };
  const secretBlock = blocks.seal(state);
  const parameters = { SALT: state.salt, SRP_B: state.serverPublic, SECRET_BLOCK: secretBlock, USER_ID_FOR_SRP: USER_ID, USERNAME: USER_ID };
  return { state, secretBlock, parameters };
}

describe("the emulator's SRP against Amplify's own client", () => {
  it("accepts Amplify's signature from the right password only, and the Node client signs byte for byte as Amplify does", () => {
    const secret = randomExponent();
    const node = new SrpClient(USER_POOL_ID, secret);
    const { state, secretBlock, parameters } = challengeFor(node.srpA);
    const at = new Date();
    const timestamp = srpTimestamp(at);
    const amplify = amplifyReplay({ a: secret, parameters, dateNow: timestamp, passwords: [PASSWORD, 'secret-pasS'] });
    const [right = '', wrong = ''] = amplify.signatures;
    expect(amplify.A).toBe(node.srpA);
    // Amplify read its own clock during the replay: any second from before it to after it (a slow machine spans several).
    const spanned = Math.floor(Date.now() / 1000) - Math.floor(at.getTime() / 1000);
    expect(Array.from({ length: spanned + 1 }, (_, i) => srpTimestamp(new Date(at.getTime() + i * 1000)))).toContain(amplify.now);

    const claim = { poolName: POOL_NAME, password: PASSWORD, state, secretBlock, timestamp };
    expect(passwordClaimHolds({ ...claim, signature: right })).toBe(true);
    expect(passwordClaimHolds({ ...claim, signature: wrong })).toBe(false);
    expect(passwordClaimHolds({ ...claim, signature: right, timestamp: srpTimestamp(new Date(at.getTime() + 60_000)) })).toBe(false);

    const answer = node.answer(PASSWORD, parameters, at);
    expect(answer).toEqual({ USERNAME: USER_ID, PASSWORD_CLAIM_SECRET_BLOCK: secretBlock, TIMESTAMP: timestamp, PASSWORD_CLAIM_SIGNATURE: right });
  });

  // Salts and B with and without a set top bit take both ways through the padding: several rounds, client against server.
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('verifies the Node client from the right password and refuses a wrong one (round %i)', (round) => {
    const node = new SrpClient(USER_POOL_ID);
    const { state, secretBlock, parameters } = challengeFor(node.srpA);
    const right = node.answer(PASSWORD, parameters);
    const claim = { poolName: POOL_NAME, password: PASSWORD, state, secretBlock, timestamp: right.TIMESTAMP ?? '' };
    expect(passwordClaimHolds({ ...claim, signature: right.PASSWORD_CLAIM_SIGNATURE ?? '' })).toBe(true);
    expect(passwordClaimHolds({ ...claim, signature: node.answer(`${PASSWORD}${round}`, parameters).PASSWORD_CLAIM_SIGNATURE ?? '' })).toBe(false);
  });
});

describe('the secret block', () => {
  it('gives back what was sealed, and nothing for an altered block or one sealed by another emulator', () => {
    const blocks = new SecretBlocks();
    const { state, secretBlock } = challengeFor(new SrpClient(USER_POOL_ID).srpA, blocks);
    expect(blocks.open(secretBlock)).toEqual(state);
    const bytes = Buffer.from(secretBlock, 'base64');
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 1;
    expect(blocks.open(bytes.toString('base64'))).toBeNull();
    expect(new SecretBlocks().open(secretBlock)).toBeNull();
    expect(blocks.open('bm90IGEgYmxvY2s=')).toBeNull();
  });

  it('refuses an A that is not a number or is a multiple of N', () => {
    expect(parseClientPublic('zz')).toBeNull();
    expect(parseClientPublic(SRP_N.toString(16))).toBeNull();
    expect(parseClientPublic('0')).toBeNull();
    expect(parseClientPublic('abc')).toBe(fromHex('abc'));
  });
});
