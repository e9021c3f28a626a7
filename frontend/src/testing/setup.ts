import '@testing-library/jest-dom';
import { boundary } from './fetch-boundary';
import { startSession } from './session';

startSession();

// jsdom lays nothing out, so it has no scrolling: the settings banner scrolls itself into sight.
Element.prototype.scrollIntoView = function scrollIntoView() {};

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  boundary.reset();
  globalThis.fetch = boundary.fetch;
});

afterEach(() => {
  expect(boundary.unexpected).toEqual([]);
});
