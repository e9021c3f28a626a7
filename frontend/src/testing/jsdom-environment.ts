import JSDOMEnvironment from 'jest-environment-jsdom';

/**
 * jsdom without the parts of a browser that jsdom leaves out and the portal (or Amplify) uses:
 * the Fetch API's Response (the tests answer `fetch` with real responses), text encoding and
 * structuredClone. Node's own implementations stand in for the browser's.
 */
export default class PortalEnvironment extends JSDOMEnvironment {
  constructor(...args: ConstructorParameters<typeof JSDOMEnvironment>) {
    super(...args);
    Object.assign(this.global, { Response, TextEncoder, TextDecoder, ReadableStream, structuredClone });
  }
}
