import { CognitoIdentityProviderClient, UpdateUserAttributesCommand, VerifyUserAttributeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { EMAIL_TEXTS } from '@frameforge/functions/features/notifications/domain/texts/index';
import { LocalPortalClient } from '@frameforge/local-stack/portal-client';
import { srpSignIn } from '@frameforge/local-stack/srp-sign-in';
import { confirmedUser, sandboxStripe } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { testServices } from '../support/services';

const endpoints = testEndpoints();
const services = testServices();
const stripe = sandboxStripe(endpoints);
const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: services.cognito, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
const DAY = 24 * 60 * 60;

interface Mail {
  subject: string;
  text?: string;
  html?: string;
  to: { address: string }[];
}

async function mailsTo(email: string, subject: RegExp): Promise<Mail[]> {
  const mails = (await (await fetch(`${endpoints.inbox}/email`)).json()) as Mail[];
  return mails.filter((m) => m.to.some((t) => t.address.toLowerCase() === email.toLowerCase()) && subject.test(m.subject));
}

/** True once the billing sandbox has delivered every webhook event it queued. */
async function sandboxDeliveriesDone(): Promise<true | undefined> {
  const { deliveries } = (await (await fetch(`${endpoints.billing}/_sandbox/deliveries`)).json()) as { deliveries: { delivered: boolean }[] };
  return deliveries.every((delivery) => delivery.delivered) ? true : undefined;
}

/** The one e-mail to this address whose subject matches, once it has arrived. */
const mailTo = (email: string, subject: RegExp) =>
  eventually(async () => (await mailsTo(email, subject))[0], { timeoutMs: 20_000, what: `an e-mail "${subject.source}" to ${email}` });

const accessToken = async (email: string) =>
  (await srpSignIn(cognito, { userPoolId: services.resources.userPoolId, clientId: services.resources.userPoolClientId, username: email, password: 'secret-pass' })).AccessToken ?? '';

describe('the security notice to the old address after an e-mail change', () => {
  it('tells the old address, with the new one masked, once the new one is verified and used', async () => {
    const user = await confirmedUser(endpoints, 'old-address');
    const next = `moved-${Date.now()}@elsewhere.example`;
    const since = Date.now() - 1000;
    await cognito.send(new UpdateUserAttributesCommand({ AccessToken: await accessToken(user.email), UserAttributes: [{ Name: 'email', Value: next }] }));
    const code = new URL(LocalPortalClient.linkIn(await user.client.waitForMail(next, /new .*e-mail/i, since))).searchParams.get('verify_email') ?? '';
    // Still pending: a token issued now carries the old address, and nothing is told.
    const token = await accessToken(user.email);
    expect(await mailsTo(user.email, /address was changed/i)).toEqual([]);
    await cognito.send(new VerifyUserAttributeCommand({ AccessToken: token, AttributeName: 'email', Code: code }));
    // The portal renews its tokens right after the verification; a sign-in with the new address does the same.
    await user.client.signIn(next, 'secret-pass');
    const notice = await mailTo(user.email, /Your FrameForge e-mail address was changed/);
    expect(notice.text).toContain('changed to mo***@elsewhere.example on ');
    expect(notice.text).toMatch(/If you did not, someone else may have access to your account/);
    expect(`${notice.text} ${notice.html}`).not.toContain(next);
    // Told once: more sign-ins with the new address send nothing more, and nothing goes to the new address.
    await user.client.signIn(next, 'secret-pass');
    await user.client.signIn(next, 'secret-pass');
    expect(await mailsTo(user.email, /address was changed/i)).toHaveLength(1);
    expect(await mailsTo(next, /address was changed/i)).toEqual([]);
  });
});

describe('the confirmation of an account deletion', () => {
  it('reaches the address after everything is gone', async () => {
    const user = await confirmedUser(endpoints, 'farewell');
    const answer = await fetch(`${endpoints.portalApi}/account`, { method: 'DELETE', headers: { Authorization: `Bearer ${user.token}` } });
    expect(answer.status).toBe(200);
    const mail = await mailTo(user.email, /Your FrameForge account was deleted/);
    expect(mail.text).toMatch(/your FrameForge account was deleted, with everything in it/);
    expect(mail.text).toMatch(/Any subscription you had was cancelled/);
    await expect(user.client.signIn(user.email, 'secret-pass')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('reaches a user whose language is Arabic in Arabic, right to left', async () => {
    const user = await confirmedUser(endpoints, 'farewell-ar');
    const preferences = { email_notifications: true, api_usage_alerts: true, marketing_emails: false, language: 'ar', timezone: 'UTC' };
    const saved = await fetch(`${endpoints.portalApi}/preferences`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(preferences),
    });
    expect(saved.status).toBe(200);
    const answer = await fetch(`${endpoints.portalApi}/account`, { method: 'DELETE', headers: { Authorization: `Bearer ${user.token}` } });
    expect(answer.status).toBe(200);
    const mail = await mailTo(user.email, new RegExp(EMAIL_TEXTS.ar.accountDeleted.subject));
    expect(mail.subject).toMatch(/[\u0600-\u06FF]/);
    expect(mail.html).toMatch(/^<div lang="ar" dir="rtl"/);
    expect(mail.text).toContain('أُلغي أي اشتراك كان لديك');
    expect(mail.text).not.toMatch(/Any subscription you had was cancelled/);
  });
});

describe('billing e-mails from the Stripe webhook', () => {
  it('tells a cancellation at the period end once, with the day it ends and the way back', async () => {
    const user = await confirmedUser(endpoints, 'cancels');
    const subscribed = await user.client.subscribe(user.token, 'boost');
    const subscriptionId = subscribed.subscription?.stripe_subscription_id ?? '';
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const mail = await mailTo(user.email, /subscription was cancelled/);
    expect(mail.subject).toBe('Your FrameForge Boost subscription was cancelled');
    expect(mail.text).toMatch(/was cancelled and ends on \d{1,2} \w+ \d{4}\. Until then your API keys keep working/);
    expect(mail.html).toContain(`href="${endpoints.portal}/subscription"`);
    // The same change told again by a later event is not mailed twice.
    await stripe.subscriptions.update(subscriptionId, { metadata: { note: 'again' } });
    await eventually(sandboxDeliveriesDone, { what: "the sandbox's webhook deliveries done" });
    expect(await mailsTo(user.email, /subscription was cancelled/)).toHaveLength(1);
  });

  it('tells an immediate cancellation that the subscription has ended', async () => {
    const user = await confirmedUser(endpoints, 'ends-now');
    const subscribed = await user.client.subscribe(user.token, 'basic');
    await stripe.subscriptions.cancel(subscribed.subscription?.stripe_subscription_id ?? '');
    const mail = await mailTo(user.email, /subscription was cancelled/);
    expect(mail.text).toMatch(/Your Basic subscription has ended\. Your API keys no longer accept requests/);
  });

  it('tells a failed renewal, with the link to update the card in billing', async () => {
    const user = await confirmedUser(endpoints, 'past-due');
    // This test card pays the first month and refuses every later charge.
    await user.client.payInSandbox(await user.client.startCheckout(user.token, 'basic'), '4000 0000 0000 0341');
    await user.client.waitForTier(user.token, 'basic');
    const advanced = await fetch(`${endpoints.billing}/_sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: 32 * DAY }),
    });
    expect(advanced.ok).toBe(true);
    const mail = await mailTo(user.email, /payment failed/);
    expect(mail.subject).toBe('Action needed: your FrameForge payment failed');
    expect(mail.text).toMatch(/We could not charge your card for your Basic subscription, so it is past due/);
    expect(mail.text).toContain(`Update your card: ${endpoints.portal}/subscription`);
    expect((await user.client.getSubscription(user.token)).subscription?.status).toBe('past_due');
  });
});
