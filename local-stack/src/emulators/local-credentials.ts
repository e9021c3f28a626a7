/** The key pair every local client signs with; the S3 emulator takes no other. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
