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

/** Jobs one task runs at once (the worker's WORKER_CONCURRENCY, 1: ffmpeg uses every core). */
export const JOBS_PER_TASK = 1;

/** Steps at most: Application Auto Scaling takes 20 adjustments a policy; beyond 15 tasks, steps are spread evenly. */
const MAX_STEPS = 15;

/** One step: from this backlog (jobs waiting or running) on, exactly this many tasks. */
export interface BacklogStep {
  readonly fromBacklog: number;
  readonly tasks: number;
}

/**
 * Tasks in proportion to the backlog, one per JOBS_PER_TASK jobs: 3 jobs, 3
 * tasks, up to the maximum, rather than a jump from 2 tasks to all of them.
 * With more possible tasks than steps, the steps are spread evenly and each
 * runs as many tasks as its lowest backlog needs, never more than there are jobs.
 */
export function backlogSteps({ minTasks, maxTasks }: TaskBounds): BacklogStep[] {
  const clamp = (n: number) => Math.min(maxTasks, Math.max(minTasks, n));
  const busyAt = maxTasks * JOBS_PER_TASK;
  const count = Math.min(maxTasks, MAX_STEPS);
  const froms = new Set<number>([0]);
  for (let i = 0; i < count; i++) froms.add(count === 1 ? 1 : Math.round(1 + (i * (busyAt - 1)) / (count - 1)));
  return [...froms].sort((a, b) => a - b).map((fromBacklog) => ({ fromBacklog, tasks: clamp(Math.ceil(fromBacklog / JOBS_PER_TASK)) }));
}

/**
 * Step scaling with exact capacities, so the service can rest at zero tasks
 * when the minimum is zero (target tracking on backlog per task divides by
 * the running tasks, and cannot leave 0). The backlog counts in-flight
 * messages too: a job being processed is invisible, and scaling on visible
 * messages alone would stop the task that is working on it. Settled dead
 * letters stay hidden for hours and no longer count.
 */
export function scaleOnBacklog(service: ecs.FargateService, queue: sqs.IQueue, deadLetters: sqs.IQueue, bounds: TaskBounds): void {
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
  const scaling = service.autoScaleTaskCount({ minCapacity: bounds.minTasks, maxCapacity: bounds.maxTasks });
  const steps = backlogSteps(bounds);
  scaling.scaleOnMetric('QueueBacklog', {
    metric: backlog,
    adjustmentType: appscaling.AdjustmentType.EXACT_CAPACITY,
    metricAggregationType: appscaling.MetricAggregationType.MAXIMUM,
    // The backlog is a whole number: an empty queue is the step below 1.
    scalingSteps: steps.map((step) => (step.fromBacklog === 0 ? { upper: 0, change: step.tasks } : { lower: step.fromBacklog, change: step.tasks })),
    cooldown: Duration.minutes(1),
  });
}
