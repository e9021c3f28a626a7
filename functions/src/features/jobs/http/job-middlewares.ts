import { isDryRun } from '../contracts/dry-run';
import type { JobEndpoint } from '../contracts/product-endpoints';
import { PLANS, tierRank, type Tier } from '../../../kernel/contracts/plans';
import type { VoiceProviderName } from '../contracts/voices';
import { PlanRequiredError } from '../../../kernel/domain/errors';
import { assertKnownVoice, needsVoice } from '../domain/voices/known-voice';
import { parseFormBody } from '../../../kernel/http/form-body';
import { header } from '../../../kernel/http/request';
import type { ProductMiddleware } from '../../../kernel/http/product/middlewares';
import { parseRequest } from '../../../kernel/http/product/request-validation';
import type { AnyJobRequest } from '../contracts/requests/parsed-request';

declare module '../../../kernel/http/product/product-context' {
  interface ProductContext {
    /** The processing request, read and validated by its endpoint's schema. */
    request?: AnyJobRequest;
  }
}

/**
 * The processing endpoints' own steps: the body read and validated into a
 * job request, and the plan gates. Apart from the chain every keyed route
 * shares, so the reads carry no body parser.
 */

/** API Gateway's 6 MB request payload, base64 included: about 4.4 MB of binary upload. */
export const MAX_BODY_FILE_BYTES = Math.floor((6 * 1024 * 1024 * 3) / 4) - 64 * 1024;

/**
 * Reads the body (multipart, urlencoded or JSON) and validates it into the
 * endpoint's job request, voice included, against the deployed voice engine.
 */
export const jobRequest = (endpoint: JobEndpoint, voiceProvider: () => VoiceProviderName): ProductMiddleware => ({
  before: async (request) => {
    const body = await parseFormBody(request.event, { maxFileBytes: MAX_BODY_FILE_BYTES, listFields: endpoint.listFields });
    request.context.body = body;
    const parsed = parseRequest(endpoint.schema, body);
    // The voice is checked here, before any job is made; the key may come as a field or a header.
    if ('voice_id' in parsed.job.params && needsVoice(parsed.job.type, parsed.inputs.map((input) => input.role))) {
      const ownKey = parsed.elevenlabsKey ?? header(request.event, 'x-elevenlabs-key')?.trim();
      assertKnownVoice(parsed.job.params.voice_id, { provider: voiceProvider(), withOwnKey: Boolean(ownKey) });
    }
    request.context.request = parsed;
    request.context.dryRun = isDryRun(body);
  },
});

const plansFrom = (tier: Tier) =>
  PLANS.filter((plan) => tierRank(plan.tier) >= tierRank(tier))
    .map((plan) => plan.name)
    .join(' or ');

/** Features of higher plans: a 403 naming the parameter and the plans that have it. */
export const tierGates = (endpoint: JobEndpoint): ProductMiddleware => ({
  before: (request) => {
    const { caller: who, request: parsed } = request.context;
    if (!who || !parsed) return;
    for (const rule of endpoint.tierRules) {
      if (tierRank(who.tier) < tierRank(rule.minTier) && rule.appliesTo(parsed)) {
        throw new PlanRequiredError(`${rule.feature} needs the ${plansFrom(rule.minTier)} plan; this key's plan is ${who.tier}.`, {
          param: rule.param,
          hint: `Upgrade to ${plansFrom(rule.minTier)} on the Subscription page of the portal.`,
        });
      }
    }
  },
});
