export { ApiStandIn } from './api-stand-in';
export { PageRouter, testHost, type PageAt, type TestHostOptions } from './host';
export { installMediaEngine } from './media-engine';
