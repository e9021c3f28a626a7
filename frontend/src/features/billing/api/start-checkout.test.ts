import { checkoutRequestSchema } from '@frameforge/functions/features/billing/contracts/billing';
import { checkoutRequestFor } from './start-checkout';

jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn() }));

const prices = { basic: 'price_basic', boost: 'price_boost', elite: 'price_elite' };

describe('checkoutRequestFor', () => {
  it("uses the tier's configured price and the portal's own return pages", () => {
    expect(checkoutRequestFor('boost', 'https://portal.example.com', prices)).toEqual({
      price_id: 'price_boost',
      success_url: 'https://portal.example.com/success?success=true&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://portal.example.com/subscription?canceled=true',
      mode: 'subscription',
    });
  });

  it('is a body the server accepts', () => {
    expect(checkoutRequestSchema.safeParse(checkoutRequestFor('elite', 'http://localhost:5173', prices)).success).toBe(true);
  });
});
