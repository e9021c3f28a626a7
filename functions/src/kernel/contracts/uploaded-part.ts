/** A file part of a multipart body, as the form parser hands it to a request's schema. */
export interface UploadedPart {
  fileName: string | undefined;
  contentType: string;
  body: Uint8Array;
}

export const isUploadedPart = (value: unknown): value is UploadedPart =>
  typeof value === 'object' && value !== null && (value as Partial<UploadedPart>).body instanceof Uint8Array;
