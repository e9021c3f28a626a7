import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { jobEndedBy } from './job-stream';

const error = { code: 'storage_failed', message: 'Error: the output could not be stored.', param: null, hint: 'Try again.' };
const stored = (status: string, more: Record<string, unknown> = {}) => ({
  id: 'job-1',
  userId: 'user-1',
  status,
  progress: status === 'completed' ? 100 : 40,
  error: status === 'failed' ? error : null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:07.000Z',
  completedAt: status === 'processing' ? null : '2026-03-01T10:00:07.000Z',
  requestLogIds: ['log-1', 'log-2'],
  outputs: [{ key: 'outputs/user-1/job-1/cut.mp4', size: 1234 }],
  ...more,
});
type Image = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;
const image = (item: Record<string, unknown>) => marshall(item, { removeUndefinedValues: true }) as Record<string, AttributeValue> as Image;

function change(eventName: 'INSERT' | 'MODIFY' | 'REMOVE', after?: Record<string, unknown>, before?: Record<string, unknown>): DynamoDBRecord {
  return {
    eventID: 'e-1',
    eventName,
    dynamodb: {
      SequenceNumber: '100',
      ...(after ? { NewImage: image(after) } : {}),
      ...(before ? { OldImage: image(before) } : {}),
    },
  };
}

describe('the job a change of the jobs table ended', () => {
  it('is read from a change into an end, with only the fields its log rows show', () => {
    expect(jobEndedBy(change('MODIFY', stored('failed'), stored('processing')))).toEqual({
      id: 'job-1',
      status: 'failed',
      error,
      completedAt: '2026-03-01T10:00:07.000Z',
      updatedAt: '2026-03-01T10:00:07.000Z',
      requestLogIds: ['log-1', 'log-2'],
    });
    expect(jobEndedBy(change('MODIFY', stored('canceled'), stored('queued')))?.status).toBe('canceled');
  });

  it('is read from a job stored already ended', () => {
    expect(jobEndedBy(change('INSERT', stored('completed')))).toMatchObject({ status: 'completed', error: null });
  });

  it('fills in what an older record left out: no error, no end time, no log rows', () => {
    const old = stored('completed');
    delete (old as Partial<typeof old>).completedAt;
    delete (old as Partial<typeof old>).requestLogIds;
    const ended = jobEndedBy(change('MODIFY', { ...old, error: undefined }, stored('processing')));
    expect(ended).toMatchObject({ status: 'completed', error: null, completedAt: null });
    expect(ended?.requestLogIds).toBeUndefined();
  });

  it('is nothing for a job still running, one that had ended before (a callback try recorded), or one removed', () => {
    expect(jobEndedBy(change('MODIFY', stored('processing'), stored('queued')))).toBeUndefined();
    expect(jobEndedBy(change('MODIFY', stored('failed', { callbackAttempts: [1] }), stored('failed')))).toBeUndefined();
    expect(jobEndedBy(change('REMOVE', undefined, stored('completed')))).toBeUndefined();
  });

  it('throws for an ended image that is not a job, naming what is wrong', () => {
    expect(() => jobEndedBy(change('INSERT', { id: 'job-1', status: 'failed' }))).toThrow(/updatedAt/);
  });
});
