import { listInvoicesQuerySchema, portalSessionRequestSchema } from './billing';

describe('billing contracts', () => {
  it('opens the portal on its home page or on the card update, nothing else', () => {
    expect(portalSessionRequestSchema.parse({ customer_id: 'cus_1' })).toEqual({ customer_id: 'cus_1' });
    expect(portalSessionRequestSchema.parse({ customer_id: 'cus_1', flow: 'payment_method_update' }).flow).toBe('payment_method_update');
    expect(portalSessionRequestSchema.safeParse({ customer_id: 'cus_1', flow: 'subscription_cancel' }).success).toBe(false);
  });

  it('pages invoices 24 at a time by default, after an invoice id, refusing anything else', () => {
    expect(listInvoicesQuerySchema.parse({})).toEqual({ limit: 24 });
    expect(listInvoicesQuerySchema.parse({ limit: '100', starting_after: 'in_1AbC' })).toEqual({ limit: 100, starting_after: 'in_1AbC' });
    for (const query of [{ limit: '0' }, { limit: '101' }, { limit: '2.5' }, { starting_after: 'cus_1' }, { page: '2' }]) {
      expect(listInvoicesQuerySchema.safeParse(query).success).toBe(false);
    }
  });
});
