export * from './errors';
export * from './subjects';
export * from './health';
export * from './plans';
export * from './identity';
export * from './catalog';
export * from './media';
