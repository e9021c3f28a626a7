import type { components, operations } from './generated/openapi.js';
import type { OPERATIONS } from './generated/operations.js';

type Schemas = components['schemas'];
export type Task = Schemas['Task'];
export type TaskStatus = NonNullable<Task['status']>;
export type TaskList = Schemas['TaskList'];
export type Accepted = Schemas['Accepted'];
export type Upload = Schemas['Upload'];
export type MediaInfo = Schemas['MediaInfo'];
export type Account = Schemas['Account'];
export type Voices = Schemas['Voices'];
export type ApiIndex = Schemas['Index'];
export type ErrorBody = Schemas['Error'];
export type CallbackEvent = Schemas['TaskCompletedEvent'] | Schemas['TaskFailedEvent'] | Schemas['TaskCanceledEvent'];

/** The operations of the API's paths (the document's `operations` also holds its webhooks). */
export type OperationId = (typeof OPERATIONS)[number]['id'] & keyof operations;

/** `unknown` for a part the operation does not have, so the intersection below keeps the others. */
type Part<T> = [NonNullable<T>] extends [never] ? unknown : NonNullable<T>;
type Content<Op extends OperationId> = operations[Op] extends { requestBody?: infer B } ? Part<B> extends { content: infer C } ? C : unknown : unknown;
type BodyOf<Op extends OperationId> = Content<Op> extends { 'multipart/form-data': infer M } ? M : Content<Op> extends { 'application/json': infer J } ? J : unknown;
type Parameters<Op extends OperationId> = operations[Op]['parameters'];

/** Everything an operation takes besides its headers: path and query parameters and the body's fields, by their API names. */
export type ParamsOf<Op extends OperationId> = Part<Parameters<Op>['path']> & Part<Parameters<Op>['query']> & BodyOf<Op>;

/** A 3xx answer: where the result is (a signed URL, valid for minutes). */
export interface Redirect {
  object: 'redirect';
  location: string;
}

type Answer<R> = R extends { content: { 'application/json': infer J } } ? J : R extends { content: { [type: string]: infer B } } ? B : Redirect;
type Responses<Op extends OperationId> = operations[Op]['responses'];

/** What an operation resolves to: the body of each success it can answer (JSON, bytes as a Blob, or a redirect). */
export type ResultOf<Op extends OperationId> = {
  [S in keyof Responses<Op>]: S extends 200 | 201 | 202 | 302 | 303 ? Answer<Responses<Op>[S]> : never;
}[keyof Responses<Op>];
