import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { queues } from '@frameforge/functions/kernel/contracts/resources';
import { MAX_RETRY_DELAY_SECONDS } from '@frameforge/functions/features/callbacks/domain/callback-service';
import { synthTemplate } from './support/synth-stack';
import { render } from './support/template-queries';

interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
}
interface MetricStat {
  Metric: { Namespace: string; MetricName: string; Dimensions?: { Name: string; Value: unknown }[] };
  Period: number;
  Stat: string;
}
type Query = { Id: string; Expression?: string; MetricStat?: MetricStat; ReturnData?: boolean };

let resources: Record<string, Resource>;
beforeAll(() => {
  resources = synthTemplate().toJSON().Resources as Record<string, Resource>;
});

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const alarms = () => ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
const alarmDescribed = (description: string) => {
  const found = alarms().filter((a) => a.AlarmDescription === `FrameForge ${description}`);
  if (found.length !== 1) throw new Error(`Expected one alarm "${description}", found ${found.length}`);
  return found[0] as Record<string, unknown>;
};
const source = (path: string) => readFileSync(join(__dirname, '..', '..', path), 'utf8');

/** What CloudWatch decides for one period's value: the alarm's comparison against its threshold. */
function breaches(alarm: Record<string, unknown>, value: number): boolean {
  const threshold = alarm.Threshold as number;
  expect(alarm.EvaluationPeriods).toBe(1);
  switch (alarm.ComparisonOperator) {
    case 'GreaterThanOrEqualToThreshold':
      return value >= threshold;
    case 'GreaterThanThreshold':
      return value > threshold;
    case 'LessThanThreshold':
      return value < threshold;
    default:
      throw new Error(`Unexpected comparison ${String(alarm.ComparisonOperator)}`);
  }
}

/** The one metric an alarm watches, whether written plainly or (with a label) as its one query. */
function metricOf(alarm: Record<string, unknown>): Record<string, unknown> {
  const queries = alarm.Metrics as Query[] | undefined;
  if (!queries) return alarm;
  expect(queries).toHaveLength(1);
  const stat = queries[0]?.MetricStat as MetricStat;
  return { ...stat.Metric, Statistic: stat.Stat, Period: stat.Period };
}

/** A five-minute sum of one metric, alarmed at the first count. */
function expectFirstCountPages(alarm: Record<string, unknown>, namespace: string, metricName: string): void {
  expect(metricOf(alarm)).toMatchObject({ Namespace: namespace, MetricName: metricName, Statistic: 'Sum', Period: 300 });
  expect(breaches(alarm, 1)).toBe(true);
  expect(breaches(alarm, 0)).toBe(false);
}

describe('API 5xx', () => {
  it.each(['portal', 'product'])('%s: a single 5xx in five minutes breaches, beside the rate alarm', (api) => {
    const alarm = alarmDescribed(`${api} API: a 5xx answered in 5 minutes`);
    expectFirstCountPages(alarm, 'AWS/ApiGateway', '5XXError');
    expect(metricOf(alarm).Dimensions).toEqual([{ Name: 'ApiName', Value: api }]);
    expect(JSON.stringify(alarmDescribed(`${api} API: over 5% of requests answered 5xx (with 20 or more requests)`).Metrics)).toContain('5XXError');
  });
});

describe('log line alarms', () => {
  const filters = () => ofType('AWS::Logs::MetricFilter').map(([, f]) => f.Properties);

  it("counts the functions' unexpected error line in every function's log group, and pages at the first", () => {
    expect(source('functions/src/kernel/http/errors.ts')).toContain("logger.error('unexpected error',");
    const pattern = '{ ($.level = "ERROR") && ($.message = "unexpected error") }';
    const unexpected = filters().filter((f) => f.FilterPattern === pattern);
    const functionGroups = ofType('AWS::Lambda::Function')
      .map(([, fn]) => (fn.Properties.LoggingConfig as { LogGroup?: unknown } | undefined)?.LogGroup)
      .filter((group) => group !== undefined && !render(group).includes('DeploymentLogs'))
      .map(render);
    expect(unexpected.map((f) => render(f.LogGroupName)).sort()).toEqual([...functionGroups].sort());
    for (const filter of unexpected) {
      expect(filter.MetricTransformations).toEqual([{ MetricNamespace: 'FrameForge/Api', MetricName: 'UnexpectedErrors', MetricValue: '1', DefaultValue: 0 }]);
    }
    expectFirstCountPages(alarmDescribed('API functions: an unexpected error logged (a 500 of ours) in 5 minutes'), 'FrameForge/Api', 'UnexpectedErrors');
  });

  it.each([
    ['WorkerErrors', '{ $.level = "ERROR" }', 'worker: an ERROR line logged in 5 minutes'],
    ['JobsFailedOurSide', `{ ($.message = "job failed") && ($.try >= ${queues.media.maxReceiveCount}) }`, 'jobs: a job failed on our side (its last try threw) in 5 minutes'],
    ['JobsDeadLettered', '{ $.message = "job failed: its message reached the dead-letter queue" }', 'jobs: a job reached the dead-letter queue and was failed from there, in 5 minutes'],
  ])("counts the worker's %s lines and pages at the first", (metricName, pattern, description) => {
    const worker = ofType('AWS::Logs::LogGroup').find(([id]) => /^WorkerLogs[0-9A-F]{8}$/.test(id));
    const filter = filters().find((f) => f.FilterPattern === pattern);
    expect(render(filter?.LogGroupName)).toBe(`{${worker?.[0]}}`);
    expect(filter?.MetricTransformations).toEqual([expect.objectContaining({ MetricNamespace: 'FrameForge/Jobs', MetricName: metricName, MetricValue: '1' })]);
    expectFirstCountPages(alarmDescribed(description), 'FrameForge/Jobs', metricName);
  });

  it('matches lines the worker really logs, at ERROR, for failures of ours only', () => {
    const main = source('containers/worker/src/main.ts');
    expect(main).toContain("log.error('job failed', { try: receiveCount");
    expect(main).toContain("log.error('job failed: its message reached the dead-letter queue')");
    // A job refused for its input ends failed without throwing, so no ERROR line counts it.
    expect(source('containers/worker/src/worker/process-job.ts')).toMatch(/if \(failure\) \{\s*await deps\.jobs\.fail\(job\.id, failure[^}]*return 'done';/);
  });
});

describe('queues', () => {
  const dlqs = () => ofType('AWS::SQS::Queue').filter(([id]) => /dlq/i.test(id)).map(([id]) => id);

  it('pages for a dead letter whether it is visible or already being handled by the worker', () => {
    expect(dlqs()).toHaveLength(2);
    for (const name of ['MediaJobs', 'Callbacks']) {
      const alarm = alarmDescribed(`${name}: messages in the dead-letter queue (visible or being handled)`);
      const queries = alarm.Metrics as Query[];
      const [sum] = queries.filter((q) => q.ReturnData !== false);
      const stats = queries.filter((q) => q.MetricStat).map((q) => q.MetricStat as MetricStat);
      expect(stats.map((s) => [s.Metric.MetricName, s.Stat, s.Period]).sort()).toEqual([
        ['ApproximateNumberOfMessagesNotVisible', 'Maximum', 300],
        ['ApproximateNumberOfMessagesVisible', 'Maximum', 300],
      ]);
      const queue = new Set(stats.map((s) => render(s.Metric.Dimensions?.[0]?.Value)));
      expect(queue.size).toBe(1);
      expect(dlqs().map((id) => `{${id}.QueueName}`)).toContain([...queue][0]);
      const ids = queries.filter((q) => q.MetricStat).map((q) => q.Id);
      expect(sum?.Expression?.split(' + ').sort()).toEqual([...ids].sort());
      // One message hidden by the worker, none visible: the sum is 1.
      expect(breaches(alarm, 0 + 1)).toBe(true);
      expect(breaches(alarm, 0)).toBe(false);
    }
  });

  it("lets the callbacks queue hold one customer's longest retry delay without paging", () => {
    const media = alarmDescribed('MediaJobs: a message has waited 15 minutes');
    expect(media).toMatchObject({ MetricName: 'ApproximateAgeOfOldestMessage', Statistic: 'Maximum', Threshold: 900 });
    const callbacks = alarms().find((a) => /^FrameForge Callbacks: a message has waited \d+ minutes$/.test(String(a.AlarmDescription))) as Record<string, unknown>;
    expect(callbacks).toMatchObject({ MetricName: 'ApproximateAgeOfOldestMessage', Statistic: 'Maximum' });
    const retriedOutOfTurn = MAX_RETRY_DELAY_SECONDS + queues.callbacks.maxReceiveCount * queues.callbacks.visibilityTimeoutSeconds;
    expect(breaches(callbacks, retriedOutOfTurn)).toBe(false);
    expect(breaches(callbacks, MAX_RETRY_DELAY_SECONDS)).toBe(false);
    expect(callbacks.Threshold).toBeGreaterThanOrEqual(2 * MAX_RETRY_DELAY_SECONDS);
  });
});
