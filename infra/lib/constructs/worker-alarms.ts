import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as ecs from 'aws-cdk-lib/aws-ecs';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { queues } from '@frameforge/functions/kernel/contracts/resources';
import { countLines, FIVE_MINUTES, METRIC_NAMESPACES, sumOf, type RaiseAlarm } from './alarm-kit';

export interface WatchedWorker {
  readonly service: ecs.FargateService;
  readonly logGroup: logs.ILogGroup;
  readonly minTasks: number;
}

/**
 * What the worker's JSON lines (Powertools) are matched by. A job that fails
 * on the caller's input ends `failed` at INFO and is never thrown: every
 * ERROR line is ours (storage, disk, a crash, a notice that could not go out).
 */
export const WORKER_PATTERNS = {
  errors: '{ $.level = "ERROR" }',
  // Its last try threw (a cause of ours): the job ends failed with that cause.
  failedOnOurSide: `{ ($.message = "job failed") && ($.try >= ${queues.media.maxReceiveCount}) }`,
  // Every try took the worker down: the job reached the dead-letter queue and is failed from there.
  deadLettered: '{ $.message = "job failed: its message reached the dead-letter queue" }',
  ended: (status: 'completed' | 'failed') => `{ ($.message = "job ended") && ($.job_status = "${status}") }`,
};

/**
 * The worker: its running tasks, any ERROR line, each job failed on our
 * side or dead-lettered (at the first, since no customer's input gets
 * there), and the failure rate of all ended jobs, input failures included,
 * which needs 5 ended jobs and tells a bad deploy from a bad input.
 */
export function watchWorker(scope: Construct, alarm: RaiseAlarm, { service, logGroup, minTasks }: WatchedWorker) {
  const running = new cloudwatch.Metric({
    namespace: 'ECS/ContainerInsights',
    metricName: 'RunningTaskCount',
    dimensionsMap: { ClusterName: service.cluster.clusterName, ServiceName: service.serviceName },
    period: FIVE_MINUTES,
    statistic: 'Minimum',
  });
  if (minTasks > 0) {
    alarm('WorkerTasksDown', running, minTasks, `worker: fewer than ${minTasks} task(s) running (tasks failing to start or crashing)`, cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD);
  }
  const count = (id: string, metricName: string, pattern: string) => countLines(scope, id, { logGroup, namespace: METRIC_NAMESPACES.jobs, metricName, pattern });
  // `job ended` is logged once per job with its `job_status` (containers/worker/src/worker/notices.ts).
  const completed = sumOf(count('Jobs-completed', 'Jobs-completed', WORKER_PATTERNS.ended('completed')), 'jobs completed');
  const failed = sumOf(count('Jobs-failed', 'Jobs-failed', WORKER_PATTERNS.ended('failed')), 'jobs failed');
  const failureRate = new cloudwatch.MathExpression({
    expression: 'IF(failed + completed >= 5, 100 * failed / (failed + completed), 0)',
    usingMetrics: { failed, completed },
    label: 'job failure %',
    period: FIVE_MINUTES,
  });
  alarm('JobFailureRate', failureRate, 25, 'jobs: over 25% failed (with 5 or more ended) in 5 minutes');
  const errors = sumOf(count('WorkerErrors', 'WorkerErrors', WORKER_PATTERNS.errors), 'worker errors');
  alarm('WorkerErrorLines', errors, 1, 'worker: an ERROR line logged in 5 minutes');
  const ours = sumOf(count('JobsFailedOurSideFilter', 'JobsFailedOurSide', WORKER_PATTERNS.failedOnOurSide), 'jobs failed on our side');
  alarm('JobsFailedOurSide', ours, 1, 'jobs: a job failed on our side (its last try threw) in 5 minutes');
  const deadLettered = sumOf(count('JobsDeadLetteredFilter', 'JobsDeadLettered', WORKER_PATTERNS.deadLettered), 'jobs dead-lettered');
  alarm('JobsDeadLettered', deadLettered, 1, 'jobs: a job reached the dead-letter queue and was failed from there, in 5 minutes');
  return { running, completed, failed, failureRate, errors, ours, deadLettered };
}
