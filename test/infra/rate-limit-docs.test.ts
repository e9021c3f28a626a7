import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { planByTier, PLANS } from '@frameforge/functions/kernel/contracts/plans';
import { STAGE_THROTTLES, THROTTLE_RETRY_AFTER_SECONDS, TIER_THROTTLES } from '@frameforge/functions/kernel/contracts/usage-plans';
import { FIREWALL_RETRY_AFTER_SECONDS } from '@frameforge/functions/kernel/http/gateway-responses';

/** The README gives the limits' real figures: the ones the CDK stack and the local gateway apply. */
const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');

describe("the README's rate limits", () => {
  it('give each plan its per-minute limit', () => {
    const [basic, boost, elite] = PLANS;
    expect(readme).toContain(`Basic ${String(basic?.requestsPerMinute)} processing requests a minute, Boost ${String(boost?.requestsPerMinute)}, Elite none`);
    expect(elite?.requestsPerMinute).toBeNull();
  });

  it("give the gateway's throttles, which task reads meet too, and their Retry-After", () => {
    const plans = TIER_THROTTLES.map((t, i) => `${planByTier(t.tier).name} ${t.rateLimit}${i === 0 ? ' requests a second' : ''} with bursts of ${t.burstLimit}`).join(', ');
    expect(readme).toContain(`Every request, task reads included, also passes the gateway's throttle of its key's plan: ${plans};`);
    expect(readme).toContain(`the product API as a whole takes ${STAGE_THROTTLES.product.rateLimit} a second with bursts of ${STAGE_THROTTLES.product.burstLimit}`);
    expect(readme).toContain(`\`429 rate_limited\` with \`Retry-After: ${THROTTLE_RETRY_AFTER_SECONDS}\``);
    expect(readme).not.toMatch(/reading tasks[^.]*not (counted|limited)/i);
    expect(readme).toContain(`with \`429\` and \`Retry-After: ${FIREWALL_RETRY_AFTER_SECONDS}\``);
  });
});
