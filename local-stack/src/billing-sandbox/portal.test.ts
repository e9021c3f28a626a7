import { LOCAL_PRICE_IDS } from './index';
import { advanceClock, DAY, harnessPerTest, postForm, subscribedCustomer, waitFor } from './test-support';

const h = harnessPerTest(beforeEach, afterEach);

const portalFor = async (customer: string) => {
  const session = await h.stripe.billingPortal.sessions.create({ customer, return_url: 'http://127.0.0.1:1/account' });
  expect(session.url).toBe(`${h.url}/billing_portal/${session.id}`);
  return session.url;
};

/** Opens the confirmation of a switch and reads what it shows. */
async function confirmationOf(portalUrl: string, price: string) {
  const response = await fetch(`${portalUrl}/change?price=${price}`);
  const html = await response.text();
  return {
    status: response.status,
    html,
    prorationDate: Number(/name="proration_date" value="(\d+)"/.exec(html)?.[1]),
    amountDue: /data-testid="amount-due">([^<]+)</.exec(html)?.[1],
  };
}

/** Stripe's proration, to the second and rounded to cents: unused time on the old price credited, the rest on the new price charged. */
function prorated(oldUnit: number, newUnit: number, period: { start: number; end: number }, at: number) {
  const share = (period.end - at) / (period.end - period.start);
  const credit = Math.round(oldUnit * share);
  const charge = Math.round(newUnit * share);
  return { credit, charge, due: charge - credit };
}

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

describe('billing portal', () => {
  it('shows the subscription, the card with its update, the other plans and the invoice history', async () => {
    const { customer } = await subscribedCustomer(h);
    const html = await (await fetch(await portalFor(customer.id))).text();
    expect(html).toContain('Boost');
    expect(html).toContain('Active');
    expect(html).toMatch(/Renews on \w+ \d{1,2}, \d{4}/);
    expect(html).toContain('Visa •••• 4242');
    expect(html).toContain('Update card');
    expect(html).toContain('Switch to Basic');
    expect(html).toContain('Switch to Elite');
    expect(html).not.toContain('Switch to Boost');
    expect(html).toContain('Cancel subscription');
    expect(html).toMatch(/href="http:\/\/127\.0\.0\.1:1\/account">.*Return to FrameForge/);
    const [invoice] = (await h.stripe.invoices.list({ customer: customer.id })).data;
    expect(html).toContain('Invoice history');
    expect(html).toContain(`href="${invoice?.hosted_invoice_url}"`);
  });

  it('asks to confirm a switch with the prorated amount, changes nothing until then, and charges what it showed', async () => {
    const { customer, subscription } = await subscribedCustomer(h);
    await advanceClock(h, 10 * DAY);
    const url = await portalFor(customer.id);
    const item = subscription.items.data[0];
    const period = { start: item?.current_period_start ?? 0, end: item?.current_period_end ?? 0 };

    const shown = await confirmationOf(url, LOCAL_PRICE_IDS.elite);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Elite: €100.00 per month');
    const expected = prorated(2000, 10000, period, shown.prorationDate);
    expect(expected.due).toBeGreaterThan(4000);
    expect(shown.html).toContain(`<td class="amount">-${euros(expected.credit)}</td>`);
    expect(shown.html).toContain(`<td class="amount">${euros(expected.charge)}</td>`);
    expect(shown.amountDue).toBe(euros(expected.due));
    expect(shown.html).toMatch(/Unused time on Boost after \w+ \d{1,2}, \d{4}/);
    expect(shown.html).toContain(`<a class="button" href="/billing_portal/${url.split('/').pop()}">Cancel</a>`);
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.price.id).toBe(LOCAL_PRICE_IDS.boost);

    // The clock moves on between seeing and confirming: the charge stays what was shown.
    await advanceClock(h, 3600);
    const confirmed = await postForm(url, { action: 'switch', price: LOCAL_PRICE_IDS.elite, proration_date: String(shown.prorationDate), confirm: 'true' });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(`Your plan is now Elite. ${euros(expected.due)} was charged to your card.`);
    const after = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(after.items.data[0]).toMatchObject({ price: { id: LOCAL_PRICE_IDS.elite }, current_period_end: period.end });
    const [invoice] = (await h.stripe.invoices.list({ customer: customer.id, limit: 1 })).data;
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', amount_paid: expected.due, total: expected.due, id: after.latest_invoice });
    expect(invoice?.lines.data.map((l) => [l.amount, l.parent?.subscription_item_details?.proration])).toEqual([
      [-expected.credit, true],
      [expected.charge, true],
    ]);
    await waitFor(() => h.receiver.events.length === 5);
    expect(h.receiver.events.slice(3).map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
  });

  it('shows a stale confirmation again instead of charging another amount', async () => {
    const { customer, subscription } = await subscribedCustomer(h);
    const url = await portalFor(customer.id);
    const refused = await postForm(url, { action: 'switch', price: LOCAL_PRICE_IDS.elite, confirm: 'true' });
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain('The amount due has changed since this page was opened.');
    expect(html).toContain('Confirm switch to Elite');
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.price.id).toBe(LOCAL_PRICE_IDS.boost);
  });

  it('turns a downgrade into credit that pays the next invoices', async () => {
    const { customer, subscription } = await subscribedCustomer(h, '4242 4242 4242 4242', 'elite');
    await advanceClock(h, 15 * DAY);
    const url = await portalFor(customer.id);
    const item = subscription.items.data[0];
    const period = { start: item?.current_period_start ?? 0, end: item?.current_period_end ?? 0 };
    const shown = await confirmationOf(url, LOCAL_PRICE_IDS.basic);
    const expected = prorated(10000, 1000, period, shown.prorationDate);
    expect(shown.amountDue).toBe('€0.00');
    expect(shown.html).toContain(`${euros(-expected.due)} stays as credit on your account`);
    await postForm(url, { action: 'switch', price: LOCAL_PRICE_IDS.basic, proration_date: String(shown.prorationDate), confirm: 'true' });
    expect((await h.stripe.customers.retrieve(customer.id)) as { balance: number }).toMatchObject({ balance: expected.due });

    await advanceClock(h, 20 * DAY);
    const [renewal] = (await h.stripe.invoices.list({ customer: customer.id, limit: 1 })).data;
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', total: 1000, starting_balance: expected.due, amount_due: Math.max(0, 1000 + expected.due) });
  });

  it('refuses the switch when the card declines the prorated charge', async () => {
    const { customer, subscription } = await subscribedCustomer(h, '4000 0000 0000 0341', 'basic');
    const url = await portalFor(customer.id);
    const shown = await confirmationOf(url, LOCAL_PRICE_IDS.elite);
    const declined = await postForm(url, { action: 'switch', price: LOCAL_PRICE_IDS.elite, proration_date: String(shown.prorationDate), confirm: 'true' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.price.id).toBe(LOCAL_PRICE_IDS.basic);
  });

  it('leads with the confirmation of a requested switch, with its amount and a way back to the product', async () => {
    const { customer, subscription } = await subscribedCustomer(h);
    const itemId = subscription.items.data[0]?.id ?? '';
    const session = await h.stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://127.0.0.1:1/account',
      flow_data: {
        type: 'subscription_update_confirm',
        subscription_update_confirm: { subscription: subscription.id, items: [{ id: itemId, price: LOCAL_PRICE_IDS.elite, quantity: 1 }] },
        after_completion: { type: 'redirect', redirect: { return_url: 'http://127.0.0.1:1/account?switched=1' } },
      },
    });
    expect(session.flow).toMatchObject({ type: 'subscription_update_confirm', subscription_update_confirm: { subscription: subscription.id } });
    const html = await (await fetch(session.url)).text();
    expect(html.indexOf('Confirm switch to Elite')).toBeLessThan(html.indexOf('Current subscription'));
    expect(html).toMatch(/data-testid="amount-due">€\d+\.\d\d</);
    expect(html).toContain('<a class="button" href="http://127.0.0.1:1/account">Cancel</a>');
    const prorationDate = /name="proration_date" value="(\d+)"/.exec(html)?.[1] ?? '';
    const confirmed = await postForm(session.url, { action: 'switch', price: LOCAL_PRICE_IDS.elite, proration_date: prorationDate, confirm: 'true' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('http://127.0.0.1:1/account?switched=1');
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.price.id).toBe(LOCAL_PRICE_IDS.elite);
  });

  it('cancels at the period end and resumes', async () => {
    const { customer, subscription } = await subscribedCustomer(h);
    const url = await portalFor(customer.id);
    const canceled = await (await postForm(url, { action: 'cancel' })).text();
    expect(canceled).toMatch(/Cancels on/);
    expect(canceled).toContain('Renew subscription');
    expect(await h.stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    await postForm(url, { action: 'renew' });
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);
    await waitFor(() => h.receiver.events.length === 5);
    const updates = h.receiver.events.slice(3);
    expect(updates[0]?.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    expect(updates[1]?.data.previous_attributes).toMatchObject({ cancel_at_period_end: true });
  });

  it('refuses a flow for a subscription of another customer', async () => {
    const { subscription } = await subscribedCustomer(h);
    const stranger = await h.stripe.customers.create({ email: 'eve@example.com' });
    await expect(
      h.stripe.billingPortal.sessions.create({
        customer: stranger.id,
        flow_data: { type: 'subscription_update_confirm', subscription_update_confirm: { subscription: subscription.id, items: [{ id: 'si_x', price: LOCAL_PRICE_IDS.elite }] } },
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
