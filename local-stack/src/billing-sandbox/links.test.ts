import Stripe from 'stripe';
import { freePort } from '../processes';
import { LOCAL_PRICE_IDS, startBillingSandbox } from './index';
import { pageLink, withPageLinks } from './links';
import { harnessPerTest, subscribedCustomer, WEBHOOK_SECRET } from './test-support';

const h = harnessPerTest(beforeEach, afterEach);

describe('hosted page links', () => {
  it('follow the sandbox to another port after a restart: invoices, portal sessions and the portal page', async () => {
    const { customer } = await subscribedCustomer(h);
    await h.stopSandbox();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const moved = await startBillingSandbox({ port, stateDir: h.stateDir, publicUrl: url, webhookUrl: h.receiver.url, webhookSecret: WEBHOOK_SECRET, prices: LOCAL_PRICE_IDS });
    try {
      const stripe = new Stripe('sk_test_unit', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
      const [invoice] = (await stripe.invoices.list({ customer: customer.id })).data;
      expect(invoice?.hosted_invoice_url).toMatch(new RegExp(`^${url}/invoice/test_\\w{40}$`));
      expect((await fetch(invoice?.hosted_invoice_url ?? '')).status).toBe(200);
      expect((await fetch(invoice?.invoice_pdf ?? '')).headers.get('content-type')).toBe('application/pdf');
      const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://127.0.0.1:1/back' });
      expect(portal.url.startsWith(`${url}/billing_portal/`)).toBe(true);
      const html = await (await fetch(portal.url)).text();
      expect(html).toContain(`href="${invoice?.hosted_invoice_url ?? '-'}"`);
    } finally {
      await moved.stop();
    }
  });
});

describe('rendering a stored link', () => {
  it('puts the current origin in front of a path, and re-bases a link stored with an old one', () => {
    expect(pageLink('/invoice/test_abc/pdf', 'http://127.0.0.1:5000')).toBe('http://127.0.0.1:5000/invoice/test_abc/pdf');
    expect(pageLink('http://127.0.0.1:4009/checkout/cs_test_1', 'http://127.0.0.1:5000/')).toBe('http://127.0.0.1:5000/checkout/cs_test_1');
    expect(pageLink('https://portal.example/account', 'http://127.0.0.1:5000')).toBe('https://portal.example/account');
    expect(pageLink(null, 'http://127.0.0.1:5000')).toBeNull();
  });

  it('renders only the link fields of the objects that have them, at any depth', () => {
    const answer = {
      object: 'list',
      url: '/v1/invoices',
      data: [{ object: 'invoice', hosted_invoice_url: '/invoice/test_a', invoice_pdf: '/invoice/test_a/pdf', lines: { object: 'list', url: '/v1/invoices/in_1/lines' } }],
    };
    expect(withPageLinks(answer, 'http://127.0.0.1:5000')).toEqual({
      object: 'list',
      url: '/v1/invoices',
      data: [{ object: 'invoice', hosted_invoice_url: 'http://127.0.0.1:5000/invoice/test_a', invoice_pdf: 'http://127.0.0.1:5000/invoice/test_a/pdf', lines: { object: 'list', url: '/v1/invoices/in_1/lines' } }],
    });
    expect(answer.data[0]?.hosted_invoice_url).toBe('/invoice/test_a');
  });
});
