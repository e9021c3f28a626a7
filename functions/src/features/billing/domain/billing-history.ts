import type { ListInvoicesQuery, ListInvoicesResponse } from '../contracts/billing';
import type { BillingProvider, BillingRepository } from './billing';

/**
 * The caller's invoices, from the payment provider, for the caller's own
 * customer only. Someone who never paid, or whose account was deleted, has none.
 */
export class BillingHistory {
  constructor(
    private readonly billing: BillingRepository,
    private readonly provider: Pick<BillingProvider, 'listInvoices'>,
  ) {}

  async invoicesOf(userId: string, query: ListInvoicesQuery): Promise<ListInvoicesResponse> {
    const customer = await this.billing.findCustomerByUser(userId);
    if (!customer || customer.deletedAt) return { invoices: [], has_more: false };
    const page = await this.provider.listInvoices(customer.customerId, {
      limit: query.limit,
      ...(query.starting_after ? { startingAfter: query.starting_after } : {}),
    });
    return { invoices: page.invoices, has_more: page.hasMore };
  }
}
