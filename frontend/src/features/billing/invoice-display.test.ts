import { formatInvoiceAmount, invoiceToneOf } from './invoice-display';

describe('invoice amounts', () => {
  it("turns Stripe's smallest unit into the reader's money format", () => {
    expect(formatInvoiceAmount(2000, 'eur', 'en')).toBe('€20.00');
    expect(formatInvoiceAmount(5334, 'eur', 'de')).toBe('53,34\u00a0€');
    expect(formatInvoiceAmount(-666, 'eur', 'en')).toBe('-€6.66');
    expect(formatInvoiceAmount(500, 'jpy', 'en')).toBe('¥500');
  });

  it('falls back to the code for a currency Intl does not know', () => {
    expect(formatInvoiceAmount(1234, 'xx1', 'en')).toBe('12.34 XX1');
  });

  it('marks what is still due', () => {
    expect(invoiceToneOf('open')).toBe('warning');
    expect(invoiceToneOf('paid')).toBe('positive');
    expect(invoiceToneOf('void')).toBe('neutral');
  });
});
