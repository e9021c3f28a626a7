import { Duration, NestedStack } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as ecs from 'aws-cdk-lib/aws-ecs';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

export interface MonitoringProps {
  readonly apis: readonly apigateway.RestApi[];
  readonly functions: readonly lambda.Function[];
  readonly queues: readonly { readonly name: string; readonly queue: sqs.IQueue; readonly deadLetterQueue: sqs.IQueue }[];
  readonly worker: { readonly service: ecs.FargateService; readonly logGroup: logs.ILogGroup; readonly minTasks: number };
}

const FIVE_MINUTES = Duration.minutes(5);

/**
 * What an operator is woken for, in a nested stack of its own (one alarm per
 * function would not fit beside the rest): an SNS topic (encrypted, TLS only;
 * e-mailed when `-c alarmEmail=...` is given), alarms on the dead-letter
 * queues, the age of the oldest message of both queues, each API's 5xx rate,
 * each function's errors and throttles, the worker's running tasks and its
 * job failure rate; and one dashboard with the same figures.
 */
export class Monitoring extends NestedStack {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id, { description: 'FrameForge: alarms and dashboard' });
    // CloudWatch publishes to an encrypted topic only with a customer key it may use.
    const key = new kms.Key(this, 'TopicKey', { description: 'FrameForge: alarm topic encryption', enableKeyRotation: true });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey'],
        resources: ['*'],
      }),
    );
    this.topic = new sns.Topic(this, 'Alarms', { displayName: 'FrameForge alarms', masterKey: key, enforceSSL: true });
    const email: unknown = this.node.tryGetContext('alarmEmail');
    if (typeof email === 'string' && email.includes('@')) this.topic.addSubscription(new subscriptions.EmailSubscription(email));

    const queueWidgets = props.queues.flatMap(({ name, queue, deadLetterQueue }) => [
      this.alarm(`${name}DeadLetters`, deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }), 1, `${name}: messages in the dead-letter queue`),
      this.alarm(`${name}OldestMessage`, queue.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: 'Maximum' }), 900, `${name}: a message has waited 15 minutes`),
    ]);
    // Ids unique per API: one graph draws both rates.
    const apiWidgets = props.apis.map((api, i) => {
      const name = api.restApiName;
      const rate = new cloudwatch.MathExpression({
        expression: `IF(requests${i} >= 20, 100 * errors${i} / requests${i}, 0)`,
        usingMetrics: {
          [`errors${i}`]: api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
          [`requests${i}`]: api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' }),
        },
        label: `${name} 5xx %`,
        period: FIVE_MINUTES,
      });
      return this.alarm(`${name}ServerErrorRate`, rate, 5, `${name} API: over 5% of requests answered 5xx (with 20 or more requests)`);
    });
    for (const fn of props.functions) {
      // The handler's construct id, e.g. `ProductCut`.
      const name = fn.node.scope?.node.id ?? fn.node.id;
      this.alarm(`${name}Errors`, fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), 5, `${name}: 5 or more invocation errors in 5 minutes`);
      this.alarm(`${name}Throttles`, fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, `${name}: throttled invocations`);
    }

    const { service, logGroup, minTasks } = props.worker;
    const running = new cloudwatch.Metric({
      namespace: 'ECS/ContainerInsights',
      metricName: 'RunningTaskCount',
      dimensionsMap: { ClusterName: service.cluster.clusterName, ServiceName: service.serviceName },
      period: FIVE_MINUTES,
      statistic: 'Minimum',
    });
    const workerAlarms: cloudwatch.Alarm[] = [];
    if (minTasks > 0) {
      workerAlarms.push(this.alarm('WorkerTasksDown', running, minTasks, `worker: fewer than ${minTasks} task(s) running (tasks failing to start or crashing)`, cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD));
    }
    // The worker logs one `job ended` line per job with its `job_status` (containers/worker/src/worker/notices.ts).
    const jobsEnded = (status: 'completed' | 'failed') =>
      new logs.MetricFilter(this, `Jobs-${status}`, {
        logGroup,
        metricNamespace: 'FrameForge/Jobs',
        metricName: `Jobs-${status}`,
        filterPattern: logs.FilterPattern.literal(`{ ($.message = "job ended") && ($.job_status = "${status}") }`),
        metricValue: '1',
        defaultValue: 0,
      }).metric({ period: FIVE_MINUTES, statistic: 'Sum', label: `jobs ${status}` });
    const completed = jobsEnded('completed');
    const failed = jobsEnded('failed');
    const failureRate = new cloudwatch.MathExpression({
      expression: 'IF(failed + completed >= 5, 100 * failed / (failed + completed), 0)',
      usingMetrics: { failed, completed },
      label: 'job failure %',
      period: FIVE_MINUTES,
    });
    workerAlarms.push(this.alarm('JobFailureRate', failureRate, 25, 'jobs: over 25% failed (with 5 or more ended) in 5 minutes'));
    const crashes = new logs.MetricFilter(this, 'WorkerErrors', {
      logGroup,
      metricNamespace: 'FrameForge/Jobs',
      metricName: 'WorkerErrors',
      filterPattern: logs.FilterPattern.literal('{ $.level = "ERROR" }'),
      metricValue: '1',
      defaultValue: 0,
    }).metric({ period: FIVE_MINUTES, statistic: 'Sum' });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(6) });
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 6 }),
      ...props.apis.map((api) => new cloudwatch.GraphWidget({ title: `${api.restApiName} API`, left: [api.metricCount(), api.metricClientError(), api.metricServerError()], right: [api.metricLatency({ statistic: 'p90' })], width: 12 })),
      new cloudwatch.GraphWidget({ title: 'API 5xx rate', left: apiWidgets.map((a) => a.metric), width: 12 }),
      new cloudwatch.GraphWidget({ title: 'Queues and dead letters', left: queueWidgets.map((a) => a.metric), width: 12 }),
      new cloudwatch.GraphWidget({ title: 'Worker tasks', left: [running], right: [service.metricCpuUtilization(), service.metricMemoryUtilization()], width: 12 }),
      new cloudwatch.GraphWidget({ title: 'Jobs', left: [completed, failed, crashes], right: [failureRate], width: 12 }),
    );
  }

  private alarm(
    id: string,
    metric: cloudwatch.IMetric,
    threshold: number,
    description: string,
    comparisonOperator = cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
  ): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      alarmDescription: `FrameForge ${description}`,
    });
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }
}
