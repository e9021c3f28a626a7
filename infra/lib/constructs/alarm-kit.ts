import { Duration } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** Every alarm looks at one five-minute period: the first one that breaches pages. */
export const FIVE_MINUTES = Duration.minutes(5);

/** Makes an alarm that goes to the operator's topic (`GREATER_THAN_OR_EQUAL_TO_THRESHOLD` unless told). */
export type RaiseAlarm = (
  id: string,
  metric: cloudwatch.IMetric,
  threshold: number,
  description: string,
  comparisonOperator?: cloudwatch.ComparisonOperator,
) => cloudwatch.Alarm;

/** Our metrics made from log lines, by namespace. */
export const METRIC_NAMESPACES = { api: 'FrameForge/Api', jobs: 'FrameForge/Jobs' } as const;

export interface LogCount {
  readonly logGroup: logs.ILogGroup;
  readonly namespace: string;
  readonly metricName: string;
  /** A JSON filter pattern: the logs are Powertools' JSON lines. */
  readonly pattern: string;
}

/** Counts the lines of a log group that match, as a metric (0 when none, so graphs and alarms see quiet periods). */
export function countLines(scope: Construct, id: string, { logGroup, namespace, metricName, pattern }: LogCount): logs.MetricFilter {
  return new logs.MetricFilter(scope, id, {
    logGroup,
    metricNamespace: namespace,
    metricName,
    filterPattern: logs.FilterPattern.literal(pattern),
    metricValue: '1',
    defaultValue: 0,
  });
}

/** The five-minute sum of a count. */
export const sumOf = (filter: logs.MetricFilter, label?: string): cloudwatch.Metric =>
  filter.metric({ period: FIVE_MINUTES, statistic: 'Sum', ...(label ? { label } : {}) });
