import { Match, type Template } from 'aws-cdk-lib/assertions';
import { JOB_END_FILTERS } from '@frameforge/functions/features/request-logs/contracts/job-ends';
import { standaloneFunctions } from '@frameforge/functions/kernel/http/routes';
import { JOB_END_RETRY_ATTEMPTS } from '@frameforge/infra/lib/constructs/job-ends';
import { synthTemplate } from './support/synth-stack';
import { environmentOf, functionLogicalIdOf, permissionsOf } from './support/template-queries';

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

describe("a job's end reaches the request logs through the jobs table's stream", () => {
  it('streams the jobs table with both images', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      GlobalSecondaryIndexes: Match.arrayWith([Match.objectLike({ IndexName: 'by-user' })]),
    });
  });

  it('feeds the task-outcome function only the changes that end a job, retried item by item, the given-up ones queued', () => {
    const fn = functionLogicalIdOf(template, standaloneFunctions.taskOutcomes);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fn },
      EventSourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Datajobs'), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: JOB_END_RETRY_ATTEMPTS,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^JobEndsFailedChanges'), 'Arn'] } } },
      FilterCriteria: { Filters: JOB_END_FILTERS.map((pattern) => ({ Pattern: JSON.stringify(pattern) })) },
    });
  });

  it('gives the function its two tables and the stream, and nothing of the job submit path', () => {
    expect(Object.keys(environmentOf(template, standaloneFunctions.taskOutcomes)).filter((name) => /^(TABLE|QUEUE|BUCKET)_/.test(name)).sort()).toEqual([
      'TABLE_API_LOGS',
      'TABLE_USAGE_COUNTERS',
    ]);
    const permissions = permissionsOf(template, standaloneFunctions.taskOutcomes);
    // The jobs table is read through its stream only: no item of it is read or written.
    const onJobs = permissions.filter((p) => /Datajobs/.test(p));
    expect(onJobs.map((p) => p.split(' ')[0]).sort()).toEqual(['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator']);
    for (const permission of onJobs) expect(permission).toMatch(/StreamArn/);
    const actions = new Set(permissions.map((p) => p.split(' ')[0]));
    expect([...actions].filter((a) => /^(s3|kms|ses|secretsmanager|cognito-idp):/.test(a ?? ''))).toEqual([]);
  });

  it('leaves the worker no access to the request logs', () => {
    const workerPolicies = Object.values(template.findResources('AWS::IAM::Policy', { Properties: { Roles: Match.arrayWith([Match.objectLike({ Ref: Match.stringLikeRegexp('^WorkerTaskTaskRole') })]) } }));
    expect(workerPolicies.length).toBeGreaterThan(0);
    for (const policy of workerPolicies) expect(JSON.stringify(policy)).not.toMatch(/DataapiLogs/);
  });

  it('pages when a change is given up or the oldest one waits five minutes', () => {
    const alarms = JSON.stringify(template.findResources('AWS::CloudWatch::Alarm'));
    expect(alarms).toMatch(/JobEnds: stream changes given up/);
    expect(alarms).toMatch(/JobEnds: its oldest unhandled change is 5 minutes old/);
  });
});
