import type Stripe from 'stripe';
import { LOCAL_PRICE_IDS } from '@frameforge/local-stack/billing-sandbox/index';
import { advanceClock, subscribedCustomer } from '@frameforge/local-stack/billing-sandbox/test-support';
import { sandboxProviderPerTest } from './sandbox-test-support';

const { h, provider } = sandboxProviderPerTest(beforeEach, afterEach);
afterEach(() => {
  jest.restoreAllMocks();
});

describe('invoices and the card update, against the billing sandbox (which refuses any parameter Stripe would)', () => {
  it('lists a customer’s invoices newest first, a page at a time, with their hosted page and PDF', async () => {
    const { customer } = await subscribedCustomer(h, '4242 4242 4242 4242', 'basic');
    await advanceClock(h, 32 * 24 * 60 * 60);
    const first = await provider().listInvoices(customer.id, { limit: 1 });
    expect(first.hasMore).toBe(true);
    expect(first.invoices).toEqual([
      {
        id: expect.stringMatching(/^in_/),
        number: expect.stringMatching(/-0002$/),
        created: expect.any(Number),
        currency: 'eur',
        total: 1000,
        amount_due: 1000,
        amount_paid: 1000,
        status: 'paid',
        hosted_invoice_url: expect.stringMatching(new RegExp(`^${h.url}/invoice/`)),
        invoice_pdf: expect.stringMatching(/\/pdf$/),
      },
    ]);
    const rest = await provider().listInvoices(customer.id, { limit: 10, startingAfter: first.invoices[0]?.id ?? '' });
    expect(rest).toMatchObject({ hasMore: false, invoices: [{ number: expect.stringMatching(/-0001$/) }] });
    const stranger = await h.stripe.customers.create({ email: 'nobody@example.com' });
    expect(await provider().listInvoices(stranger.id, { limit: 10 })).toEqual({ invoices: [], hasMore: false });
  });

  it('leaves drafts out', async () => {
    const paid = { id: 'in_paid', number: 'A-0001', status: 'paid', created: 1, currency: 'eur', total: 1000, amount_due: 1000, amount_paid: 1000 };
    const draft = { ...paid, id: 'in_draft', number: null, status: 'draft' };
    jest.spyOn(h.stripe.invoices, 'list').mockResolvedValue({ object: 'list', data: [draft, paid], has_more: false } as unknown as Stripe.Response<Stripe.ApiList<Stripe.Invoice>>);
    expect((await provider().listInvoices('cus_x', { limit: 10 })).invoices.map((i) => i.id)).toEqual(['in_paid']);
  });

  it('opens the billing portal on the card update, returning to the product', async () => {
    const { customer } = await subscribedCustomer(h);
    const url = await provider().createPortalSession({ customerId: customer.id, returnUrl: 'http://127.0.0.1:1/subscription', updateCard: true });
    const page = await (await fetch(url)).text();
    expect(page).toContain('Update your card');
    expect(page).toContain('<a class="button" href="http://127.0.0.1:1/subscription">Cancel</a>');
  });

  it('opens the confirmation of a plan switch with its amount', async () => {
    const { customer, subscription } = await subscribedCustomer(h);
    const itemId = subscription.items.data[0]?.id ?? '';
    const url = await provider().createPortalSession({
      customerId: customer.id,
      returnUrl: 'http://127.0.0.1:1/subscription',
      switchTo: { subscriptionId: subscription.id, itemId, priceId: LOCAL_PRICE_IDS.elite },
    });
    expect(await (await fetch(url)).text()).toMatch(/Amount due today<\/td><td class="amount" data-testid="amount-due">€\d+\.\d\d/);
  });
});
