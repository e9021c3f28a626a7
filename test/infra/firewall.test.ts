import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import { routes } from '@frameforge/functions/kernel/http/routes';
import { TIER_THROTTLES } from '@frameforge/functions/kernel/contracts/usage-plans';
import { sharedStackTemplate } from './support/shared-synthesis';
import { synthTemplate } from './support/synth-stack';
import { render, restApiIdOf } from './support/template-queries';

type Props = Record<string, unknown>;
interface Rule {
  Name: string;
  Priority: number;
  Action?: Props;
  OverrideAction?: Props;
  Statement: Props;
}

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

const resources = (t: Template, type: string) => Object.entries(t.findResources(type)) as [string, { Properties: Props }][];

/** The rules of the regional web ACL in front of one API's stage, found through its association. */
function rulesOf(api: string): Rule[] {
  const association = resources(template, 'AWS::WAFv2::WebACLAssociation').find(([, a]) => render(a.Properties.ResourceArn).includes(`/restapis/{${restApiIdOf(template, api)}}/`));
  const aclId = render(association?.[1].Properties.WebACLArn).replace(/^\{|\.Arn\}$/g, '');
  const acl = template.toJSON().Resources[aclId] as { Properties: { Rules: Rule[] } };
  return [...acl.Properties.Rules].sort((a, b) => a.Priority - b.Priority);
}

const ruleNamed = (rules: Rule[], name: string): Rule => {
  const rule = rules.find((r) => r.Name === name);
  if (!rule) throw new Error(`No rule ${name}`);
  return rule;
};

const countedIn = (rule: Rule): string[] => {
  const overrides = ((rule.Statement.ManagedRuleGroupStatement as Props).RuleActionOverrides ?? []) as { Name: string; ActionToUse: Props }[];
  return overrides.filter((o) => JSON.stringify(o.ActionToUse) === '{"Count":{}}').map((o) => o.Name).sort();
};

const exactly = (field: string, value: string) => ({
  ByteMatchStatement: { FieldToMatch: { [field]: {} }, PositionalConstraint: 'EXACTLY', SearchString: value, TextTransformations: [{ Priority: 0, Type: 'NONE' }] },
});

describe('portal API firewall', () => {
  const webhook = routes.find((r) => r.handler === 'billing/stripe-webhook');

  it("counts the common rules' 8 KB body limit, and blocks what it flags right after, on every request but Stripe's webhook", () => {
    const rules = rulesOf('portal');
    const common = ruleNamed(rules, 'AWSManagedRulesCommonRuleSet');
    expect(countedIn(common)).toEqual(['SizeRestrictions_BODY']);
    const limit = rules[rules.indexOf(common) + 1] as Rule;
    expect(limit.Name).toBe('body-size-limit');
    expect(limit.Action).toEqual({ Block: {} });
    expect(webhook).toMatchObject({ api: 'portal', method: 'POST' });
    expect(limit.Statement).toEqual({
      AndStatement: {
        Statements: [
          { LabelMatchStatement: { Scope: 'LABEL', Key: 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body' } },
          { NotStatement: { Statement: { AndStatement: { Statements: [exactly('Method', 'POST'), exactly('UriPath', `/prod${webhook?.path}`)] } } } },
        ],
      },
    });
  });

  it('keeps every other managed rule blocking', () => {
    const rules = rulesOf('portal');
    for (const name of ['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesKnownBadInputsRuleSet']) {
      expect(ruleNamed(rules, name).OverrideAction).toEqual({ None: {} });
      expect(countedIn(ruleNamed(rules, name))).toEqual([]);
    }
    expect(ruleNamed(rules, 'AWSManagedRulesCommonRuleSet').OverrideAction).toEqual({ None: {} });
  });
});

describe('product API firewall', () => {
  it('counts, and only counts, the body rules that refuse media requests', () => {
    const rules = rulesOf('product');
    expect(countedIn(ruleNamed(rules, 'AWSManagedRulesCommonRuleSet'))).toEqual(
      ['CrossSiteScripting_BODY', 'EC2MetaDataSSRF_BODY', 'GenericLFI_BODY', 'GenericRFI_BODY', 'SizeRestrictions_BODY'],
    );
    expect(rules.map((r) => r.Name)).not.toContain('body-size-limit');
  });

  it('lets one address send more than the highest plan is sold at, with headroom', () => {
    const rate = ruleNamed(rulesOf('product'), 'rate-per-ip');
    const statement = rate.Statement.RateBasedStatement as { Limit: number; EvaluationWindowSec: number; AggregateKeyType: string };
    const elitePerWindow = Math.max(...TIER_THROTTLES.map((t) => t.rateLimit)) * statement.EvaluationWindowSec;
    expect(elitePerWindow).toBe(50 * 300);
    expect(statement.AggregateKeyType).toBe('IP');
    expect(statement.Limit).toBeGreaterThanOrEqual(1.5 * elitePerWindow);
    expect(rate.Action).toMatchObject({ Block: { CustomResponse: { ResponseCode: 429 } } });
    // The README tells customers the figure the firewall applies.
    const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
    expect(readme).toContain(`refuses an address that sends the API more than ${statement.Limit.toLocaleString('en-US')} requests in 5 minutes`);
  });
});

describe('firewall logs', () => {
  const edge = () => sharedStackTemplate('FrameForgeEdge');

  it.each([
    ['the API stacks', () => template, 2],
    ['the edge stack', edge, 1],
  ])('%s: every web ACL logs to an aws-waf-logs- group with retention, credentials redacted', (_, templateOf, count) => {
    const t = templateOf();
    const acls = resources(t, 'AWS::WAFv2::WebACL').map(([id]) => id);
    const configs = resources(t, 'AWS::WAFv2::LoggingConfiguration');
    expect(acls).toHaveLength(count);
    expect(configs.map(([, c]) => render(c.Properties.ResourceArn)).sort()).toEqual(acls.map((id) => `{${id}.Arn}`).sort());
    const groups = resources(t, 'AWS::Logs::LogGroup').filter(([, g]) => String(g.Properties.LogGroupName).startsWith('aws-waf-logs-'));
    expect(groups).toHaveLength(count);
    for (const [, config] of configs) {
      const [destination] = config.Properties.LogDestinationConfigs as unknown[];
      const group = groups.find(([, g]) => render(destination).endsWith(`:log-group:${String(g.Properties.LogGroupName)}`));
      expect(group?.[1].Properties.RetentionInDays).toBeGreaterThanOrEqual(30);
      expect(config.Properties.RedactedFields).toEqual([{ SingleHeader: { Name: 'authorization' } }, { SingleHeader: { Name: 'x-api-key' } }]);
      expect(JSON.stringify(config.Properties.LoggingFilter)).toContain('"BLOCK"');
    }
  });
});
