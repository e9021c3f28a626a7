import type { InvoiceSummary } from '../contracts/billing';
import type { BillingRepository, CustomerRecord } from './billing';
import { BillingHistory } from './billing-history';

const invoice: InvoiceSummary = {
  id: 'in_1',
  number: 'ABC-0001',
  created: 1_790_000_000,
  currency: 'eur',
  total: 2000,
  amount_due: 2000,
  amount_paid: 2000,
  status: 'paid',
  hosted_invoice_url: 'https://invoice.example.com/i/1',
  invoice_pdf: 'https://invoice.example.com/i/1/pdf',
};

function historyWith(customer: CustomerRecord | undefined) {
  const listInvoices = jest.fn().mockResolvedValue({ invoices: [invoice], hasMore: true });
  const billing = { findCustomerByUser: jest.fn().mockResolvedValue(customer) } as unknown as BillingRepository;
  return { history: new BillingHistory(billing, { listInvoices }), listInvoices };
}

const customer: CustomerRecord = { userId: 'u1', customerId: 'cus_1', email: 'a@example.com', createdAt: '2026-01-01T00:00:00Z', deletedAt: null };

describe('billing history', () => {
  it("lists the caller's own customer's invoices, a page at a time", async () => {
    const { history, listInvoices } = historyWith(customer);
    expect(await history.invoicesOf('u1', { limit: 5, starting_after: 'in_0' })).toEqual({ invoices: [invoice], has_more: true });
    expect(listInvoices).toHaveBeenCalledWith('cus_1', { limit: 5, startingAfter: 'in_0' });
  });

  it('has nothing for someone who never paid or whose account was deleted, without asking the provider', async () => {
    for (const nobody of [undefined, { ...customer, deletedAt: '2026-02-01T00:00:00Z' }]) {
      const { history, listInvoices } = historyWith(nobody);
      expect(await history.invoicesOf('u1', { limit: 24 })).toEqual({ invoices: [], has_more: false });
      expect(listInvoices).not.toHaveBeenCalled();
    }
  });
});
