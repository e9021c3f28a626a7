import { Duration, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { JOB_END_FILTERS } from '@frameforge/functions/features/request-logs/contracts/job-ends';
import { standaloneFunctions } from '@frameforge/functions/kernel/http/routes';
import type { ApiFunctions, Identity } from './api-functions';

export interface JobEndsProps {
  readonly functions: ApiFunctions;
  readonly identity: Identity;
  /** The jobs table, with its stream. */
  readonly jobsTable: dynamodb.Table;
}

/** A stream change that failed this many times goes to the failed-changes queue. */
export const JOB_END_RETRY_ATTEMPTS = 10;

/**
 * Where a job's end reaches the portal's tables: the jobs table's stream,
 * filtered to the changes that end a job, feeds the task-outcome function,
 * which puts each outcome on its requests' log rows. The worker then writes
 * no portal table. A change the function keeps failing (its batch split in
 * halves down to it) is described in a queue kept 14 days, which an alarm
 * watches, as is the age of the oldest change not yet handled.
 */
export class JobEnds extends Construct {
  readonly fn: lambda.IFunction;
  readonly failedChanges: sqs.Queue;

  constructor(scope: Construct, id: string, props: JobEndsProps) {
    super(scope, id);
    this.fn = props.functions.create(standaloneFunctions.taskOutcomes, { identity: props.identity });
    this.failedChanges = new sqs.Queue(this, 'FailedChanges', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    for (const rule of ['AwsSolutions-SQS3', 'Serverless-SQSRedrivePolicy']) {
      Validations.of(this.failedChanges).acknowledge({
        id: rule,
        reason: "This queue is the stream's on-failure destination (a dead-letter queue in all but name): it holds failed changes for inspection, watched by an alarm.",
      });
    }
    this.fn.addEventSource(
      new DynamoEventSource(props.jobsTable, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: JOB_END_RETRY_ATTEMPTS,
        onFailure: new SqsDlq(this.failedChanges),
        filters: JOB_END_FILTERS.map((pattern) => lambda.FilterCriteria.filter(pattern)),
      }),
    );
  }
}
