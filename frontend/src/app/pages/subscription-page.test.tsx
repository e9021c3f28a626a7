import { screen, waitFor, within } from '@testing-library/react';
import { checkoutRequestSchema, type ListInvoicesResponse } from '@frameforge/functions/features/billing/contracts/billing';
import subscription from '../../locales/en/subscription.json';
import { boundary, portalError } from '../../testing/fetch-boundary';
import { activeSubscription, noSubscription, paidInvoice } from '../../testing/portal-fixtures';
import { renderScreen } from '../../testing/render-screen';
import { storeSignedInSession } from '../../testing/session';
import { SubscriptionPage } from './subscription-page';

const { actions } = subscription.plan;
const STRIPE_PORTAL = 'https://billing.stripe.test/p/session/test_bps_1';

async function openSubscriptionPage() {
  const view = await renderScreen(<SubscriptionPage />, { path: '/subscription', namespaces: ['subscription'] });
  await screen.findByRole('heading', { name: subscription.title });
  return view;
}

const planCard = (name: string) => screen.getByRole('region', { name });
const planButton = (name: string) => within(planCard(name)).getAllByRole('button').at(-1) as HTMLElement;

beforeEach(() => {
  storeSignedInSession();
  boundary.on('GET /invoices', { body: { invoices: [paidInvoice()], has_more: false } satisfies ListInvoicesResponse });
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('subscription page: switching plans', () => {
  it("offers a Basic subscriber the other plans, and leaves for the billing portal's confirmation of the switch", async () => {
    boundary.on('GET /subscription', { body: activeSubscription('basic') });
    boundary.on('POST /stripe-checkout', ({ body }) => {
      checkoutRequestSchema.parse(body);
      return { body: { url: STRIPE_PORTAL } };
    });
    // jsdom cannot leave the page: it reports the attempt as an error of its own.
    const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openSubscriptionPage();

    await waitFor(() => expect(planButton('Basic')).toHaveTextContent(actions.active));
    expect(planButton('Basic')).toBeDisabled();
    expect(planButton('Boost')).toHaveTextContent(actions.upgrade);
    expect(planButton('Elite')).toHaveTextContent(actions.upgrade);
    expect(screen.getByText(subscription.current.card.replace('{{brand}}', 'Visa').replace('{{last4}}', '4242'))).toBeInTheDocument();
    expect(await screen.findByText('4F2D1C8A-0001')).toBeInTheDocument();

    await user.click(planButton('Boost'));

    await waitFor(() => expect(boundary.calls('POST /stripe-checkout')).toHaveLength(1));
    expect(boundary.calls('POST /stripe-checkout')[0]?.body).toEqual({
      price_id: 'price_boost_test',
      success_url: 'http://localhost/success?success=true&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost/subscription?canceled=true',
      mode: 'subscription',
    });
    // On its way out the chosen card stays busy and the others wait.
    await waitFor(() => expect(reported).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('navigation') as unknown })));
    expect(planButton('Boost')).toHaveAttribute('aria-busy', 'true');
    expect(planButton('Elite')).toBeDisabled();
  });

  it('offers a lower plan as a downgrade', async () => {
    boundary.on('GET /subscription', { body: activeSubscription('elite') });
    await openSubscriptionPage();
    await waitFor(() => expect(planButton('Elite')).toHaveTextContent(actions.active));
    expect(planButton('Basic')).toHaveTextContent(actions.downgrade);
    expect(planButton('Boost')).toHaveTextContent(actions.downgrade);
  });

  it('says so when the switch cannot start, and lets the user try again', async () => {
    boundary.on('GET /subscription', { body: activeSubscription('basic') });
    boundary.on('POST /stripe-checkout', portalError(502, 'Stripe is not reachable'));
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user } = await openSubscriptionPage();
    await waitFor(() => expect(planButton('Boost')).toBeEnabled());

    await user.click(planButton('Boost'));

    await waitFor(() => expect(alert).toHaveBeenCalledWith(subscription.errors.checkout));
    expect(planButton('Boost')).toBeEnabled();
    expect(planButton('Boost')).not.toHaveAttribute('aria-busy');
    expect(planButton('Elite')).toBeEnabled();
  });

  it('offers every plan to start with when there is no subscription, and no billing history', async () => {
    boundary.on('GET /subscription', { body: noSubscription });
    await openSubscriptionPage();
    expect(await screen.findByText(subscription.none.title)).toBeInTheDocument();
    for (const name of ['Basic', 'Boost', 'Elite']) {
      expect(planButton(name)).toHaveTextContent(actions.getStarted);
      expect(planButton(name)).toBeEnabled();
    }
    expect(boundary.calls('GET /invoices')).toEqual([]);
  });
});
