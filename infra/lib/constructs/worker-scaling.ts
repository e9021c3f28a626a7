import { Duration } from 'aws-cdk-lib';
import * as appscaling from 'aws-cdk-lib/aws-applicationautoscaling';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as ecs from 'aws-cdk-lib/aws-ecs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Node } from 'constructs';

/** Tasks kept running with no job: one, so a job never waits for the multi-gigabyte image to start a task. `-c workerMinTasks=0` scales to zero. */
const DEFAULT_MIN_TASKS = 1;
/** Tasks at most, one job each (WORKER_CONCURRENCY 1): bounds the bill of a flood of jobs. */
const DEFAULT_MAX_TASKS = 10;

export interface TaskBounds {
  readonly minTasks: number;
  readonly maxTasks: number;
}

/** The `workerMinTasks` and `workerMaxTasks` context values, checked once at synthesis. */
export function workerTaskBounds(node: Node): TaskBounds {
  const minTasks = taskCount(node, 'workerMinTasks', DEFAULT_MIN_TASKS);
  const maxTasks = taskCount(node, 'workerMaxTasks', Math.max(DEFAULT_MAX_TASKS, minTasks));
  if (maxTasks < 1 || minTasks > maxTasks) {
    throw new Error(`Worker tasks: workerMinTasks (${minTasks}) must not exceed workerMaxTasks (${maxTasks}), which must be at least 1`);
  }
  return { minTasks, maxTasks };
}

/** A task count from the CDK context (`-c key=N` gives a string, cdk.json a number). */
function taskCount(node: Node, key: string, fallback: number): number {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === '') return fallback;
  const count = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(count) || count < 0) throw new Error(`Context ${key} must be a whole number of tasks, got ${JSON.stringify(value)}`);
  return count;
}

/**
 * Step scaling with exact capacities, so the service can rest at zero tasks
 * when the minimum is zero (target tracking cannot leave 0). The backlog
 * counts in-flight messages too: a job being processed is invisible, and
 * scaling on visible messages alone would stop the task that is working on
 * it. Settled dead letters stay hidden for hours and no longer count.
 */
export function scaleOnBacklog(service: ecs.FargateService, queue: sqs.IQueue, deadLetters: sqs.IQueue, { minTasks, maxTasks }: TaskBounds): void {
  const period = Duration.minutes(1);
  const backlog = new cloudwatch.MathExpression({
    // A fresh dead letter counts too: a task must run to settle its job, even when nothing else waits.
    expression: 'visible + inflight + dead',
    label: 'Media jobs waiting or in progress',
    period,
    usingMetrics: {
      visible: queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
      inflight: queue.metricApproximateNumberOfMessagesNotVisible({ period, statistic: 'Maximum' }),
      dead: deadLetters.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
    },
  });
  const scaling = service.autoScaleTaskCount({ minCapacity: minTasks, maxCapacity: maxTasks });
  // Each step's capacity within the bounds, so the policy asks for nothing the target would clamp.
  const tasks = (n: number) => Math.min(maxTasks, Math.max(minTasks, n));
  scaling.scaleOnMetric('QueueBacklog', {
    metric: backlog,
    adjustmentType: appscaling.AdjustmentType.EXACT_CAPACITY,
    metricAggregationType: appscaling.MetricAggregationType.MAXIMUM,
    scalingSteps: [
      { upper: 0, change: tasks(0) },
      { lower: 1, change: tasks(1) },
      { lower: 3, change: tasks(2) },
      { lower: 10, change: maxTasks },
    ],
    cooldown: Duration.minutes(1),
  });
}
