import { multipartUploadCurl } from './multipart-upload-curl';
import { multipartUploadJavaScript } from './multipart-upload-javascript';
import { multipartUploadPython } from './multipart-upload-python';

/** One example program per language of the docs' tabs. */
export interface MultipartUploadExamples {
  curl: string;
  javascript: string;
  python: string;
}

/**
 * The whole multipart upload, written out against the real base URL and key:
 * create with the size, PUT each part from its slice of the file, list what
 * arrived and sign fresh URLs after a failure, complete, and cut the result.
 * Each asks for upload_type multipart, so the same code runs on a file of any
 * size (the stack test runs all three on a small one).
 */
export function multipartUploadExamples(baseUrl: string, apiKey: string): MultipartUploadExamples {
  return {
    curl: multipartUploadCurl(baseUrl, apiKey),
    javascript: multipartUploadJavaScript(baseUrl, apiKey),
    python: multipartUploadPython(baseUrl, apiKey),
  };
}
