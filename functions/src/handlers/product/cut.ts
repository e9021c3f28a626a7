import { ValidationError } from '../../domain/shared/errors';
import { toAcceptedView } from '../../domain/jobs/task-view';
import { parseFormBody } from '../../http/form-body';
import { json } from '../../http/responses';
import { apiKeyPrincipal, baseUrl } from '../../http/request';
import { productHandler } from '../../http/wrap';
import { parseSeconds } from '../../http/params';
import { jobService } from '../services';

/** API Gateway takes at most 10 MB per request; larger inputs come by URL. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const handler = productHandler(async (event) => {
  const principal = apiKeyPrincipal(event);
  const form = await parseFormBody(event, { maxFileBytes: MAX_UPLOAD_BYTES });
  const file = form.files.file;
  if (!file || file.body.length === 0) {
    throw new ValidationError('file is required: upload the video to cut.', {
      param: 'file',
      hint: 'With curl: -F file=@input.mp4',
    });
  }
  const params = {
    start: parseSeconds(form.fields.start, 'start') ?? 0,
    duration: parseSeconds(form.fields.duration, 'duration'),
  };
  if (params.duration !== undefined && params.duration <= 0) {
    throw new ValidationError('duration must be greater than 0.', { param: 'duration' });
  }
  const job = await jobService().submitCut(principal, params, file);
  const body = toAcceptedView(job, baseUrl(event));
  return json(202, body, { Location: body.links.self, 'Retry-After': '2' });
});
