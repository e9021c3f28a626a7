import { type Harness, harnessPerTest, type TestHook } from '@frameforge/local-stack/billing-sandbox/test-support';
import { StripeBillingProvider } from './stripe-billing-provider';

/**
 * A fresh billing sandbox for each test and a provider that talks to it. The
 * provider is built anew once the test's sandbox is up, so a spy set on that
 * test's Stripe client is the one the provider calls. No test here verifies
 * webhooks, so the provider's signing secret is never read.
 */
export function sandboxProviderPerTest(beforeEach: TestHook, afterEach: TestHook): { h: Harness; provider: () => StripeBillingProvider } {
  const h = harnessPerTest(beforeEach, afterEach);
  let current: StripeBillingProvider | undefined;
  beforeEach(() => {
    current = new StripeBillingProvider(h.stripe, () => Promise.resolve('unused'));
    return Promise.resolve();
  });
  afterEach(() => {
    current = undefined;
    return Promise.resolve();
  });
  const provider = (): StripeBillingProvider => {
    if (!current) throw new Error('The sandbox provider exists only while a test runs');
    return current;
  };
  return { h, provider };
}
