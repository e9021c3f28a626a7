import { DynamoDbJobRepository } from '../../adapters/dynamodb/job-repository';
import { OwnedTasks } from '../../domain/jobs/task-reads';
import { config, documentClient, once } from './shared';

/** A caller's tasks as the job table holds them: no queue, sealing or storage code. */
export const ownedTasks = once(() => new OwnedTasks(new DynamoDbJobRepository(documentClient(), config().TABLE_JOBS)));
