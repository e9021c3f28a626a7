import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { FIVE_MINUTES, type RaiseAlarm } from './alarm-kit';

/**
 * Per API: any 5xx at all, and the 5xx rate. The handlers answer 500
 * rather than throw (Lambda's Errors stays 0), and a refused request is a
 * 4xx, so a 5xx is ours (or an upstream's we depend on) whoever sent it:
 * the first one in five minutes pages. The rate (over 5% of 20 requests
 * or more) tells a partial outage from a lone failure on the dashboard.
 */
export function watchApis(alarm: RaiseAlarm, apis: readonly apigateway.RestApi[]): { any: cloudwatch.Alarm[]; rates: cloudwatch.Alarm[] } {
  const any: cloudwatch.Alarm[] = [];
  const rates: cloudwatch.Alarm[] = [];
  apis.forEach((api, i) => {
    const name = api.restApiName;
    const errors = api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum', label: `${name} 5xx` });
    any.push(alarm(`${name}ServerErrors`, errors, 1, `${name} API: a 5xx answered in 5 minutes`));
    // Ids unique per API: one graph draws both rates.
    const rate = new cloudwatch.MathExpression({
      expression: `IF(requests${i} >= 20, 100 * errors${i} / requests${i}, 0)`,
      usingMetrics: {
        [`errors${i}`]: api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
        [`requests${i}`]: api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' }),
      },
      label: `${name} 5xx %`,
      period: FIVE_MINUTES,
    });
    rates.push(alarm(`${name}ServerErrorRate`, rate, 5, `${name} API: over 5% of requests answered 5xx (with 20 or more requests)`));
  });
  return { any, rates };
}
