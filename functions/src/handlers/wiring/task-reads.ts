import { DynamoDbJobRepository } from '../../adapters/dynamodb/job-repository';
import { OwnedTasks } from '../../domain/jobs/task-reads';
import { configOf, documentClient, once } from './shared';

const env = configOf('TABLE_JOBS');

/** A caller's tasks as the job table holds them: no queue, sealing or storage code. */
export const ownedTasks = once(() => new OwnedTasks(new DynamoDbJobRepository(documentClient(), env.TABLE_JOBS)));
