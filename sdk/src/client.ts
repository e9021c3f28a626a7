import { verifyCallback } from './callbacks.js';
import { callOperation } from './operation-caller.js';
import { Tasks } from './tasks.js';
import { Transport, type ClientOptions, type RequestOptions } from './transport.js';
import type { OperationId, ParamsOf, ResultOf } from './types.js';
import { Uploads } from './uploads.js';

type Call<Op extends OperationId> = (params: ParamsOf<Op>, options?: RequestOptions) => Promise<ResultOf<Op>>;

/**
 * Which method answers each operation of the API. `satisfies` makes it exhaustive: an operation added to the
 * API and regenerated into the SDK does not compile until it has its method here (and a test checks each exists).
 */
export const METHOD_OF = {
  healthz: 'health',
  index: 'index',
  openapi: 'openapi',
  account: 'account',
  frame_last: 'frameLast',
  cut: 'cut',
  crop: 'crop',
  merge: 'merge',
  merge_urls: 'mergeUrls',
  redub: 'redub',
  redub_tts: 'redubTts',
  redub_vc: 'redubVc',
  captions_auto: 'captionsAuto',
  voices: 'voices',
  probe: 'probe',
  create_upload: 'uploads.create',
  get_upload: 'uploads.get',
  abort_upload: 'uploads.abort',
  complete_upload: 'uploads.complete',
  list_tasks: 'tasks.list',
  get_task: 'tasks.get',
  cancel_task: 'tasks.cancel',
  download_task: 'tasks.downloadUrl',
  get_file: 'files.url',
} as const satisfies Record<OperationId, string>;

/** The FrameForge API: one method per operation, uploads, task waiting and callback verification. */
export class FrameForge {
  readonly tasks: Tasks;
  readonly uploads: Uploads;
  readonly callbacks = { verify: verifyCallback };
  readonly files = {
    /** A short-lived signed URL of one of your output files, by its storage path (a task's `output.path`). */
    url: async (path: string, options?: RequestOptions): Promise<string> => (await this.call('get_file', { path }, options)).location,
  };
  private readonly transport: Transport;

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
    this.tasks = new Tasks(this.transport);
    this.uploads = new Uploads(this.transport);
  }

  /** Any operation by its operationId, parameters by their API names: what every method below goes through. */
  async call<Op extends OperationId>(id: Op, params: ParamsOf<Op>, options?: RequestOptions): Promise<ResultOf<Op>> {
    return (await callOperation(this.transport, id, params, options)).data;
  }

  health = (options?: RequestOptions) => this.call('healthz', {}, options);
  index = (options?: RequestOptions) => this.call('index', {}, options);
  openapi = (options?: RequestOptions) => this.call('openapi', {}, options);
  account = (options?: RequestOptions) => this.call('account', {}, options);
  voices = (options?: RequestOptions) => this.call('voices', {}, options);

  frameLast: Call<'frame_last'> = (params, options) => this.call('frame_last', params, options);
  cut: Call<'cut'> = (params, options) => this.call('cut', params, options);
  crop: Call<'crop'> = (params, options) => this.call('crop', params, options);
  merge: Call<'merge'> = (params, options) => this.call('merge', params, options);
  mergeUrls: Call<'merge_urls'> = (params, options) => this.call('merge_urls', params, options);
  redub: Call<'redub'> = (params, options) => this.call('redub', params, options);
  redubTts: Call<'redub_tts'> = (params, options) => this.call('redub_tts', params, options);
  redubVc: Call<'redub_vc'> = (params, options) => this.call('redub_vc', params, options);
  captionsAuto: Call<'captions_auto'> = (params, options) => this.call('captions_auto', params, options);
  probe: Call<'probe'> = (params, options) => this.call('probe', params, options);
}
