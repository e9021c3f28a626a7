import type { Browser, Page } from 'playwright-core';
import { portalConfigSchema } from '@frameforge/functions/kernel/contracts/portal-config';
import { confirmedUser, type TestUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { launchBrowser, snap } from './browser';
import { signIn } from './signed-in';
import { textsOf } from './portal-texts';

const endpoints = testEndpoints();

let browser: Browser;
let user: TestUser;
let cognitoEndpoint = '';

beforeAll(async () => {
  browser = await launchBrowser();
  user = await confirmedUser(endpoints, 'srp-e2e');
  const config = portalConfigSchema.parse(await (await fetch(`${endpoints.portal}/config.json`)).json());
  cognitoEndpoint = new URL(config.userPoolEndpoint ?? '').origin;
});

afterAll(async () => {
  await browser?.close();
});

interface CognitoCall {
  target: string;
  body: Record<string, unknown>;
  status?: number;
}

/** Every call the page makes to Cognito, in order, with the operation from X-Amz-Target and the JSON body Amplify sent. */
function recordCognito(page: Page): CognitoCall[] {
  const calls: CognitoCall[] = [];
  const byRequest = new Map<unknown, CognitoCall>();
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).origin !== cognitoEndpoint) return;
    const call = { target: (request.headers()['x-amz-target'] ?? '').replace('AWSCognitoIdentityProviderService.', ''), body: request.postDataJSON() as Record<string, unknown> };
    calls.push(call);
    byRequest.set(request, call);
  });
  page.on('response', (response) => {
    const call = byRequest.get(response.request());
    if (call) call.status = response.status();
  });
  return calls;
}

describe('sign-in from the portal speaks SRP, through Amplify itself', () => {
  it('sends USER_SRP_AUTH and answers PASSWORD_VERIFIER, never the password, and lands on the dashboard', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const calls = recordCognito(page);
    await signIn(page, user.email);
    await snap(page, 'srp-dashboard');

    const initiate = calls.findIndex((call) => call.target === 'InitiateAuth');
    expect(calls[initiate]).toMatchObject({ status: 200, body: { AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: user.email, SRP_A: expect.stringMatching(/^[0-9a-f]{500,}$/) } } });
    const respond = calls.slice(initiate + 1).find((call) => call.target === 'RespondToAuthChallenge');
    expect(respond).toMatchObject({
      status: 200,
      body: {
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeResponses: {
          PASSWORD_CLAIM_SIGNATURE: expect.any(String),
          PASSWORD_CLAIM_SECRET_BLOCK: expect.any(String),
          TIMESTAMP: expect.stringMatching(/ UTC \d{4}$/),
          USERNAME: expect.any(String),
        },
      },
    });
    expect(JSON.stringify(calls)).not.toContain('secret-pass');
    await page.close();
  });

  it('shows the neutral wrong-credentials message when the password claim does not verify', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const calls = recordCognito(page);
    const auth = textsOf('en').auth;
    await page.goto(`${endpoints.portal}/login`);
    await page.getByLabel(auth.email).fill(user.email);
    await page.getByLabel(auth.password, { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: auth.signIn.submit }).click();
    await page.getByRole('alert').getByText(auth.errors.wrongCredentials).waitFor();
    expect(calls.map((call) => [call.target, call.status])).toEqual([
      ['InitiateAuth', 200],
      ['RespondToAuthChallenge', 400],
    ]);
    await page.close();
  });
});
