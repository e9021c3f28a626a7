import type { ReceivedPart } from './multipart';
import { UPLOAD_URL_SECONDS, type UploadRecord } from './uploads';

/** The upload object of the product API (`POST /uploads`, `GET /uploads/{file_id}`…). */
export interface UploadView {
  object: 'upload';
  file_id: string;
  upload_type: 'single' | 'multipart';
  status: 'pending' | 'completed' | 'aborted';
  file_name: string;
  /** The size announced at creation, or the file's once known; null when neither is. */
  size: number | null;
  max_size: number | null;
  created_at: string;
  expires_at: string;
  /** Single PUT: where to send the file, with these headers. */
  upload_url?: string;
  method?: 'PUT';
  headers?: Record<string, string>;
  url_expires_at?: string;
  /** Multipart: how the file is cut, the URLs signed now, and what storage holds already. */
  part_size?: number;
  part_count?: number;
  part_urls?: { part_number: number; upload_url: string }[];
  parts?: { part_number: number; size: number; etag: string }[];
  received_bytes?: number;
  links: { self: string; complete?: string };
}

export interface ViewExtras {
  uploadUrl?: string;
  partUrls?: { part_number: number; upload_url: string }[];
  received?: readonly ReceivedPart[];
}

export function toUploadView(record: UploadRecord, at: Date, extras: ViewExtras = {}): UploadView {
  const urlExpiresAt = new Date(at.getTime() + UPLOAD_URL_SECONDS * 1000).toISOString();
  const self = `/uploads/${record.id}`;
  const view: UploadView = {
    object: 'upload',
    file_id: record.id,
    upload_type: record.multipart ? 'multipart' : 'single',
    status: record.status ?? 'pending',
    file_name: record.fileName,
    size: record.size ?? record.declaredSize ?? null,
    max_size: record.maxBytes ?? null,
    created_at: record.createdAt,
    expires_at: new Date(record.expiresAt * 1000).toISOString(),
    links: record.multipart ? { self, complete: `${self}/complete` } : { self },
  };
  if (extras.uploadUrl) {
    Object.assign(view, { upload_url: extras.uploadUrl, method: 'PUT', headers: { 'Content-Type': record.contentType ?? 'application/octet-stream' }, url_expires_at: urlExpiresAt });
  }
  if (record.multipart) {
    view.part_size = record.multipart.partSize;
    view.part_count = record.multipart.partCount;
    if (extras.partUrls) Object.assign(view, { part_urls: extras.partUrls, url_expires_at: urlExpiresAt });
    if (extras.received) {
      view.parts = extras.received.map((part) => ({ part_number: part.partNumber, size: part.size, etag: part.etag }));
      view.received_bytes = extras.received.reduce((sum, part) => sum + part.size, 0);
    }
  }
  return view;
}
