export * from './errors';
export * from './subjects';
export * from './health';
export * from './plans';
