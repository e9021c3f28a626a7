import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { FIVE_MINUTES, type RaiseAlarm } from './alarm-kit';
import type { WatchedQueue } from './queues';

/**
 * Per queue: every message moved to its dead-letter queue, and the age of
 * its oldest message.
 *
 * SQS counts no redrive move in NumberOfMessagesSent, and the worker takes
 * a media dead letter out of sight within a second to settle its job: so the
 * dead-letter alarm adds the hidden messages to the visible ones. It stays
 * in alarm while the queue holds a message (kept 14 days for inspection);
 * the worker's own dead-letter line (`worker-alarms.ts`) pages for each new
 * one meanwhile.
 */
export function watchQueues(alarm: RaiseAlarm, queues: readonly WatchedQueue[]): cloudwatch.Alarm[] {
  return queues.flatMap(({ name, queue, deadLetterQueue, oldestMessageAlarmSeconds }, i) => {
    // Ids unique per queue: one graph draws them all.
    const held = new cloudwatch.MathExpression({
      expression: `visible${i} + hidden${i}`,
      usingMetrics: {
        [`visible${i}`]: deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
        [`hidden${i}`]: deadLetterQueue.metricApproximateNumberOfMessagesNotVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
      },
      label: `${name} dead letters`,
      period: FIVE_MINUTES,
    });
    const minutes = Math.round(oldestMessageAlarmSeconds / 60);
    return [
      alarm(`${name}DeadLetters`, held, 1, `${name}: messages in the dead-letter queue (visible or being handled)`),
      alarm(
        `${name}OldestMessage`,
        queue.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: 'Maximum' }),
        oldestMessageAlarmSeconds,
        `${name}: a message has waited ${minutes} minutes`,
      ),
    ];
  });
}

/** A function fed by a stream, and the queue its given-up changes go to. */
export interface WatchedStream {
  readonly name: string;
  readonly fn: lambda.IFunction;
  readonly failedChanges: sqs.IQueue;
}

/** A stream consumer this far behind (its oldest change not yet handled) is failing or stopped. */
export const STREAM_ITERATOR_AGE_ALARM_SECONDS = 300;

/** Per stream consumer: any change given up, and its oldest change waiting five minutes. */
export function watchStreams(alarm: RaiseAlarm, streams: readonly WatchedStream[]): cloudwatch.Alarm[] {
  return streams.flatMap(({ name, fn, failedChanges }) => [
    alarm(
      `${name}FailedChanges`,
      failedChanges.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
      1,
      `${name}: stream changes given up after their retries`,
    ),
    alarm(
      `${name}IteratorAge`,
      fn.metric('IteratorAge', { period: FIVE_MINUTES, statistic: 'Maximum' }),
      STREAM_ITERATOR_AGE_ALARM_SECONDS * 1000,
      `${name}: its oldest unhandled change is ${STREAM_ITERATOR_AGE_ALARM_SECONDS / 60} minutes old`,
    ),
  ]);
}
