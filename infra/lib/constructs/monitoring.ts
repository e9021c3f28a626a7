import { Duration, NestedStack } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { watchApis } from './api-alarms';
import { watchFunctions } from './function-alarms';
import { watchQueues, watchStreams, type WatchedStream } from './queue-alarms';
import type { WatchedQueue } from './queues';
import { watchWorker, type WatchedWorker } from './worker-alarms';

export interface MonitoringProps {
  readonly apis: readonly apigateway.RestApi[];
  readonly functions: readonly lambda.Function[];
  readonly queues: readonly WatchedQueue[];
  /** Stream consumers: their failed changes and how far behind they read. */
  readonly streams: readonly WatchedStream[];
  readonly worker: WatchedWorker;
}

/**
 * What an operator is woken for, in a nested stack of its own (one alarm per
 * function would not fit beside the rest): an SNS topic (encrypted, TLS only;
 * e-mailed when `-c alarmEmail=...` is given), alarms that fire on the first
 * failure of ours (any 5xx, an `unexpected error` line, a worker ERROR line,
 * a dead letter, a job failed on our side), on the queues' backlog, each
 * function's errors and throttles, the worker's running tasks and the job
 * failure rate; and one dashboard with the same figures.
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

    const alarm = this.alarm.bind(this);
    const queueAlarms = [...watchQueues(alarm, props.queues), ...watchStreams(alarm, props.streams)];
    const apiAlarms = watchApis(alarm, props.apis);
    const unexpected = watchFunctions(this, alarm, props.functions);
    const worker = watchWorker(this, alarm, props.worker);

    const { service } = props.worker;
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(6) });
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 6 }),
      ...props.apis.map((api) => new cloudwatch.GraphWidget({ title: `${api.restApiName} API`, left: [api.metricCount(), api.metricClientError(), api.metricServerError()], right: [api.metricLatency({ statistic: 'p90' })], width: 12 })),
      new cloudwatch.GraphWidget({ title: 'API 5xx', left: apiAlarms.any.map((a) => a.metric), right: apiAlarms.rates.map((a) => a.metric), width: 12 }),
      new cloudwatch.GraphWidget({ title: 'Unexpected errors', left: [unexpected, worker.errors], width: 12 }),
      new cloudwatch.GraphWidget({ title: 'Queues and dead letters', left: queueAlarms.map((a) => a.metric), width: 12 }),
      new cloudwatch.GraphWidget({ title: 'Worker tasks', left: [worker.running], right: [service.metricCpuUtilization(), service.metricMemoryUtilization()], width: 12 }),
      new cloudwatch.GraphWidget({ title: 'Jobs', left: [worker.completed, worker.failed, worker.ours, worker.deadLettered], right: [worker.failureRate], width: 12 }),
    );
  }

  /** Every alarm of the product: one period, missing data as fine, to the operator's topic. */
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
