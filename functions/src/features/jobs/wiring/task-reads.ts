import { DynamoDbJobList } from '../adapters/dynamodb/job-list';
import { DynamoDbJobRepository } from '../adapters/dynamodb/job-repository';
import { TaskCancels } from '../domain/task-cancel';
import { TaskList } from '../domain/task-list';
import { OwnedTasks } from '../domain/task-reads';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';

const env = configOf('TABLE_JOBS');

const repository = once(() => new DynamoDbJobRepository(documentClient(), env.TABLE_JOBS));

/** A caller's tasks as the job table holds them: no queue, sealing or storage code. */
export const ownedTasks = once(() => new OwnedTasks(repository()));

/** A caller's tasks a page at a time, by the table's index of each user's jobs. */
export const taskList = once(() => new TaskList(new DynamoDbJobList(documentClient(), env.TABLE_JOBS), ownedTasks()));

/** Cancels a caller's own task: a conditional update of the job record alone. */
export const taskCancels = once(() => new TaskCancels(ownedTasks(), repository()));
