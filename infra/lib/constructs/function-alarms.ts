import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { countLines, FIVE_MINUTES, METRIC_NAMESPACES, sumOf, type RaiseAlarm } from './alarm-kit';

/**
 * The line the API's error mapping logs for anything it does not know
 * (`functions/src/kernel/http/errors.ts`): a bug or an outage of ours, answered 500.
 * A caller's mistake is a typed error answered 4xx and never logs it.
 */
export const UNEXPECTED_ERROR_PATTERN = '{ ($.level = "ERROR") && ($.message = "unexpected error") }';

/**
 * Per function: invocation errors (a trigger or the authorizer that threw)
 * and throttles. Across all functions: every `unexpected error` line, one
 * metric from each function's log group, and one alarm at the first.
 */
export function watchFunctions(scope: Construct, alarm: RaiseAlarm, functions: readonly lambda.Function[]): cloudwatch.Metric {
  let unexpected: cloudwatch.Metric | undefined;
  for (const fn of functions) {
    // The handler's construct id, e.g. `ProductCut`.
    const name = fn.node.scope?.node.id ?? fn.node.id;
    alarm(`${name}Errors`, fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), 5, `${name}: 5 or more invocation errors in 5 minutes`);
    alarm(`${name}Throttles`, fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, `${name}: throttled invocations`);
    // Every function's filter writes the same metric (no dimension): its log line names the function.
    const filter = countLines(scope, `${name}UnexpectedErrors`, {
      logGroup: fn.logGroup,
      namespace: METRIC_NAMESPACES.api,
      metricName: 'UnexpectedErrors',
      pattern: UNEXPECTED_ERROR_PATTERN,
    });
    unexpected ??= sumOf(filter, 'unexpected errors (API functions)');
  }
  if (!unexpected) throw new Error('No function to watch');
  alarm('UnexpectedErrors', unexpected, 1, 'API functions: an unexpected error logged (a 500 of ours) in 5 minutes');
  return unexpected;
}
