import { ApiError } from '../../lib/api-client';
import { isPictureTooLarge, StorageUploadError } from './settings-errors';

jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn() }));

const entityTooLarge =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>';

describe('isPictureTooLarge', () => {
  it("recognises storage's refusals: a 413, or S3's EntityTooLarge", () => {
    expect(isPictureTooLarge(new StorageUploadError(413, ''))).toBe(true);
    expect(isPictureTooLarge(new StorageUploadError(400, entityTooLarge))).toBe(true);
    expect(isPictureTooLarge(new StorageUploadError(403, '<Error><Code>AccessDenied</Code></Error>'))).toBe(false);
  });

  it("recognises 413 answers and 'Payload too large' texts from anywhere", () => {
    expect(isPictureTooLarge(new ApiError('Request too big', 413, true))).toBe(true);
    expect(isPictureTooLarge(new Error('Payload Too Large'))).toBe(true);
    expect(isPictureTooLarge(new Error('HTTP 413: Failed to upload'))).toBe(true);
    expect(isPictureTooLarge(new ApiError('HTTP 500: Failed to update profile picture', 500, false))).toBe(false);
    expect(isPictureTooLarge(new Error('error 4130'))).toBe(false);
  });
});

describe('StorageUploadError', () => {
  it("shows storage's own message when its XML has one", () => {
    expect(new StorageUploadError(400, entityTooLarge).message).toBe('Your proposed upload exceeds the maximum allowed size (HTTP 400)');
    expect(new StorageUploadError(500, 'oops').message).toBe('HTTP 500: Failed to upload profile picture');
  });
});
