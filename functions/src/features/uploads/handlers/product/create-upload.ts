import { createUploadSchema } from '../../contracts/upload-request';
import { keyedEndpoint } from '../../../../kernel/http/product/keyed-endpoint';
import { parseRequest } from '../../../../kernel/http/product/request-validation';
import { parseFormBody } from '../../../../kernel/http/form-body';
import { apiKeyPrincipal } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { readServices } from '../../../jobs/wiring/keyed-reads';
import { uploadService } from '../../../jobs/wiring/media';

/**
 * `POST /uploads`: a presigned PUT for one large input, or for a file over
 * 100 MiB a multipart upload (presigned part URLs, resumable), and the
 * `file_id` that names it in any endpoint for 24 hours, for its owner only.
 */
export const handler = keyedEndpoint(readServices, async (event) => {
  const { userId, tier } = apiKeyPrincipal(event);
  const body = parseRequest(createUploadSchema, await parseFormBody(event, { maxFileBytes: 0 }));
  const upload = await uploadService().create(userId, tier, {
    fileName: body.file_name,
    contentType: body.content_type,
    size: body.size,
    uploadType: body.upload_type,
  });
  return json(201, upload);
});
