import type { EmailTexts } from './email-texts';
import { countOf } from './plural';

const requests = (n: number) => countOf('en', n, { one: '# request', other: '# requests' });
const jobs = (n: number) => countOf('en', n, { one: '# job', other: '# jobs' });

export const en: EmailTexts = {
  dateLocale: 'en-GB',
  usageAlert: {
    title: 'You are close to your plan’s limits',
    rateSubject: (used, limit) => `FrameForge usage alert: an API key used ${used} of its ${limit} requests a minute`,
    rateBody: ({ used, limit, percent, plan }) =>
      `One of your API keys has used ${used} of its ${requests(limit)} in the current one-minute window (${percent}%). The ${plan} plan allows ${requests(limit)} a minute per key.`,
    rateRefused: 'Requests beyond the limit are refused with HTTP 429 until the window resets.',
    concurrencySubject: (plan, cap) => `FrameForge usage alert: your jobs reached the ${plan} plan's ${jobs(cap)} at once`,
    concurrencyBody: (plan, cap) => `Your jobs reached the ${plan} plan's limit of ${jobs(cap)} running at once.`,
    concurrencyQueued: 'Further jobs are still accepted: they wait in the queue (status queued) until one of your running jobs finishes.',
    topPlan: 'You are on the highest plan; the Subscription page shows its limits.',
    higherPlan: 'A higher plan raises these limits.',
    seePlan: 'See your plan',
    upgradePlan: 'Upgrade your plan',
    footnote: 'You get at most one usage alert a day. Turn them off under Settings, API usage alerts.',
  },
  jobFailure: {
    subject: (endpoint, taskId) => `FrameForge job failed: ${endpoint} (task ${taskId})`,
    title: (endpoint) => `Your ${endpoint} job failed`,
    taskId: (taskId) => `Task id: ${taskId}`,
    whatWentWrong: (line) => `What went wrong: ${line}`,
    unknownError: 'Error: the job failed.',
    details: 'GET /task/{id} and the API logs in the portal show the details.',
    action: 'Open the API logs',
    footnote: 'You get these e-mails because e-mail notifications are on. Turn them off under Settings.',
  },
  subscription: {
    cancelledSubject: (plan) => `Your FrameForge ${plan} subscription was cancelled`,
    cancelledTitle: (plan) => `Your ${plan} subscription was cancelled`,
    ended: (plan) => `Your ${plan} subscription has ended. Your API keys no longer accept requests, and you will not be charged again.`,
    endsOn: (plan, end) =>
      `Your ${plan} subscription was cancelled and ends on ${end}. Until then your API keys keep working; after that you will not be charged again.`,
    endedStays: 'Your account, keys and logs stay: subscribe again at any time to use the API.',
    renewBeforeEnd: 'Changed your mind? You can renew the subscription from the Subscription page before it ends.',
    choosePlan: 'Choose a plan',
    manage: 'Manage your subscription',
    paymentSubject: 'Action needed: your FrameForge payment failed',
    paymentTitle: 'Your FrameForge payment failed',
    paymentBody: (plan) =>
      `We could not charge your card for your ${plan} subscription, so it is past due. Until a payment goes through, your API keys do not accept requests.`,
    paymentUpdate:
      'Update your card in billing: the open invoice is then paid with it. Our payment provider also retries the card over the next days; if every try fails, the subscription is cancelled.',
    updateCard: 'Update your card',
    footnote: 'Billing e-mails are sent whatever your notification settings, as long as you have a subscription.',
  },
  accountDeleted: {
    subject: 'Your FrameForge account was deleted',
    title: 'Your FrameForge account was deleted',
    asAsked: (moment) =>
      `As you asked on ${moment}, your FrameForge account was deleted, with everything in it: your profile and picture, API keys, request logs, jobs and their files, and your settings.`,
    subscription:
      'Any subscription you had was cancelled and will not be charged again. Only the record of past payments stays with our payment provider, for invoices and accounting.',
    notYou: 'If you did not ask for this, contact FrameForge support right away.',
    welcomeBack: 'You are welcome back at any time: you can create a new account with this address.',
    action: 'Visit FrameForge',
    footnote: 'This is the last e-mail about this account.',
  },
  emailChanged: {
    subject: 'Your FrameForge e-mail address was changed',
    title: 'Your FrameForge e-mail address was changed',
    changed: (address, moment) => `The e-mail address of your FrameForge account was changed to ${address} on ${moment}.`,
    fromNow: 'From now on you sign in with the new address, and account e-mails go there. This address no longer has access to the account.',
    madeIt: 'If you made this change, there is nothing more to do.',
    didNot:
      'If you did not, someone else may have access to your account: contact FrameForge support right away so we can lock it and restore your address. If you can still sign in, change your password under Settings and revoke any API keys you do not recognise.',
    action: 'Open FrameForge',
    footnote: 'This security notice is sent whenever the address of an account changes, whatever your notification settings.',
  },
  auth: {
    verify: {
      subject: 'Verify your FrameForge e-mail address',
      title: 'Verify your e-mail address',
      lead: 'Confirm this address to finish creating your FrameForge account.',
      action: 'Verify e-mail address',
      footnote: 'If you did not sign up, ignore this e-mail.',
    },
    reset: {
      subject: 'Reset your FrameForge password',
      title: 'Reset your password',
      lead: 'Choose a new password for your FrameForge account.',
      action: 'Reset password',
      footnote: 'If you did not ask for this, ignore this e-mail: your password stays the same.',
    },
    confirmNew: {
      subject: 'Confirm your new FrameForge e-mail address',
      title: 'Confirm your new e-mail address',
      lead: 'Open this link while signed in to confirm the address.',
      action: 'Confirm address',
      footnote: 'If you did not change your e-mail address, ignore this e-mail.',
    },
  },
};
