export { ApiStandIn } from './api-stand-in';
export { installMediaEngine } from './media-engine';
