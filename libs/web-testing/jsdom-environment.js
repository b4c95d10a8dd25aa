// jsdom for the viewer's component tests, with Node's own fetch family (Request, Response, Headers,
// AbortController, streams) in place of jsdom's missing or partial ones, so ky runs as in a browser.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  // A chosen file goes into a FormData: both from Node, so it takes the file.
  'Blob',
  'File',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
];

class ViewerEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}

module.exports = ViewerEnvironment;
