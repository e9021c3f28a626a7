import { listInvoicesResponseSchema, redirectUrlResponseSchema } from '@frameforge/functions/features/billing/contracts/billing';
import { testEndpoints } from '../support/endpoints';
import { confirmedUser } from '../support/billing';

const endpoints = testEndpoints();

async function get(token: string, path: string) {
  const response = await fetch(`${endpoints.portalApi}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('GET /invoices', () => {
  it("lists the caller's invoices with links to the hosted page and the PDF, and nobody else's", async () => {
    const payer = await confirmedUser(endpoints, 'invoices');
    const stranger = await confirmedUser(endpoints, 'no-invoices');
    await payer.client.subscribe(payer.token, 'boost');

    const { invoices, has_more } = listInvoicesResponseSchema.parse((await get(payer.token, '/invoices')).body);
    expect(has_more).toBe(false);
    expect(invoices).toEqual([expect.objectContaining({ status: 'paid', total: 2000, amount_paid: 2000, currency: 'eur', number: expect.stringMatching(/-0001$/) })]);
    const [invoice] = invoices;
    const page = await fetch(invoice?.hosted_invoice_url ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Invoice paid');
    expect((await fetch(invoice?.invoice_pdf ?? '')).headers.get('content-type')).toBe('application/pdf');

    expect((await get(stranger.token, '/invoices')).body).toEqual({ invoices: [], has_more: false });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['starting_after=cus_123', 'starting_after'],
    ['page=2', 'page'],
  ])('refuses ?%s naming %s', async (query, param) => {
    const user = await confirmedUser(endpoints, 'invoices-query');
    const refused = await get(user.token, `/invoices?${query}`);
    expect(refused.status).toBe(400);
    expect(String(refused.body.error)).toContain(param);
  });

  it('needs a signed-in caller', async () => {
    expect((await fetch(`${endpoints.portalApi}/invoices`)).status).toBe(401);
  });
});

describe('POST /create-portal-session with flow=payment_method_update', () => {
  it('opens the billing portal on the card update', async () => {
    const user = await confirmedUser(endpoints, 'card');
    const { subscription } = await user.client.subscribe(user.token, 'basic');
    const response = await fetch(`${endpoints.portalApi}/create-portal-session`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ customer_id: subscription?.stripe_customer_id, flow: 'payment_method_update' }),
    });
    expect(response.status).toBe(200);
    const { url } = redirectUrlResponseSchema.parse(await response.json());
    expect(await (await fetch(url)).text()).toContain('Update your card');
  });
});
