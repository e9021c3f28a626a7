import type Stripe from 'stripe';
import { LOCAL_PRICE_IDS } from './index';
import { advanceClock, DAY, harnessPerTest, subscribedCustomer } from './test-support';

const h = harnessPerTest(beforeEach, afterEach);

/** Checks a PDF's frame: header, the byte offset of every object in the cross-reference table, the trailer. */
function expectWellFormedPdf(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, count = '0'] = /^xref\n0 (\d+)\n/.exec(text.slice(startxref)) ?? [];
  const entries = text.slice(startxref).split('\n').slice(2, 2 + Number(count));
  expect(entries[0]).toBe('0000000000 65535 f ');
  entries.slice(1).forEach((entry, index) => {
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
  });
  const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
  const streamStart = text.indexOf('stream\n') + 'stream\n'.length;
  expect(text.slice(streamStart + length, streamStart + length + '\nendstream'.length)).toBe('\nendstream');
  return text;
}

describe('invoices', () => {
  it('gives every payment a hosted page and a PDF that the sandbox serves', async () => {
    const { customer } = await subscribedCustomer(h);
    const [invoice] = (await h.stripe.invoices.list({ customer: customer.id })).data;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 2000, currency: 'eur', number: expect.stringMatching(/^[A-Z0-9]{8}-0001$/) });
    expect(invoice?.hosted_invoice_url).toMatch(new RegExp(`^${h.url}/invoice/test_\\w{40}$`));
    expect(invoice?.invoice_pdf).toBe(`${invoice?.hosted_invoice_url}/pdf`);

    const page = await fetch(invoice?.hosted_invoice_url ?? '');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Invoice paid');
    expect(html).toContain('€20.00');
    expect(html).toContain(invoice?.number ?? '-');
    expect(html).toContain(`href="${invoice?.invoice_pdf}">Download invoice</a>`);

    const pdf = await fetch(invoice?.invoice_pdf ?? '');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = expectWellFormedPdf(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('(Invoice)');
    expect(text).toContain(`(Invoice number  ${invoice?.number ?? '-'})`);
    // The euro sign is WinAnsiEncoding's byte 0x80, written as an octal escape.
    expect(text).toContain('(\\20020.00 paid on ');

    expect((await fetch(`${h.url}/invoice/test_nothing`)).status).toBe(404);
    expect((await fetch(`${h.url}/invoice/test_nothing/pdf`)).status).toBe(404);
  });

  it('previews a switch as Stripe does, and charges exactly the previewed amount for the same proration_date', async () => {
    const { customer, subscription } = await subscribedCustomer(h);
    const { now } = await advanceClock(h, 7 * DAY);
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    const details = { items: [{ id: item.id, price: LOCAL_PRICE_IDS.elite }], proration_behavior: 'always_invoice' as const, proration_date: now };
    const preview = await h.stripe.invoices.createPreview({ subscription: subscription.id, subscription_details: details });
    const share = (item.current_period_end - now) / (item.current_period_end - item.current_period_start);
    const [credit, charge] = [-Math.round(2000 * share), Math.round(10000 * share)];
    expect(preview).toMatchObject({ billing_reason: 'subscription_update', status: 'draft', total: credit + charge, amount_due: credit + charge, hosted_invoice_url: null });
    expect(preview.lines.data.map((l) => [l.amount, l.period.start, l.parent?.subscription_item_details?.proration])).toEqual([
      [credit, now, true],
      [charge, now, true],
    ]);
    expect((await h.stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);

    await advanceClock(h, 600);
    const updated = await h.stripe.subscriptions.update(subscription.id, { items: details.items, proration_behavior: 'always_invoice', proration_date: now });
    const charged = await h.stripe.invoices.retrieve(String(updated.latest_invoice));
    expect(charged).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', amount_paid: preview.amount_due });
  });

  it('keeps create_prorations for the next invoice, which the upcoming preview shows', async () => {
    const { customer, subscription } = await subscribedCustomer(h, '4242 4242 4242 4242', 'basic');
    await advanceClock(h, 10 * DAY);
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    await h.stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price: LOCAL_PRICE_IDS.boost }] });
    expect((await h.stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);
    const upcoming = await h.stripe.invoices.createPreview({ customer: customer.id });
    expect(upcoming.lines.data.map((l) => l.parent?.subscription_item_details?.proration)).toEqual([true, true, false]);
    expect(upcoming.lines.data[2]).toMatchObject({ amount: 2000, period: { start: item.current_period_end } });

    await advanceClock(h, 25 * DAY);
    const [renewal] = (await h.stripe.invoices.list({ customer: customer.id, limit: 1 })).data;
    expect(renewal?.lines.data.map((l) => l.amount)).toEqual(upcoming.lines.data.map((l) => l.amount));
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', total: upcoming.total, status: 'paid' });
  });

  it('refuses a proration date outside the current period', async () => {
    const { subscription } = await subscribedCustomer(h);
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    await expect(
      h.stripe.invoices.createPreview({
        subscription: subscription.id,
        subscription_details: { items: [{ id: item.id, price: LOCAL_PRICE_IDS.elite }], proration_date: item.current_period_start - 1 },
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'subscription_details[proration_date]' });
    await expect(
      h.stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price: LOCAL_PRICE_IDS.elite }], proration_behavior: 'invoice_now' as 'none' }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'proration_behavior', message: 'Invalid proration_behavior: must be one of always_invoice, create_prorations, or none' });
  });
});
