import { ValidationError } from '../../domain/shared/errors';
import { parseFormBody } from '../../http/form-body';
import { apiKeyPrincipal } from '../../http/request';
import { acceptedOrResult } from '../../http/task-responses';
import { productHandler } from '../../http/wrap';
import { parseFlag, parseSeconds } from '../../http/params';
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
  const download = parseFlag(form.fields.download, 'download', false);
  const job = await jobService().submitCut(principal, params, file);
  return acceptedOrResult(event, jobService(), principal, job, download);
});
