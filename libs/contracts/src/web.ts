// The contracts a browser may load (`@chitram/contracts/web`): types, error codes, the plan table, the
// fixed lists and pure functions. Nothing here uses decorators, Node or NATS; the front ends import this
// entry only (never `src/…`), and a check (web.spec.ts) keeps it that way.
export * from './admin-answers';
export * from './admin-team-answers';
export * from './analytics-answers';
export * from './audit-answers';
export * from './billing-answers';
export * from './catalog-answers';
export * from './catalog-lists';
export * from './durations';
export * from './errors';
export * from './identity';
export * from './india-time';
export * from './interface-languages';
export * from './my-list-answers';
export * from './partners-answers';
export * from './picks-answers';
export * from './plan-end-answers';
export * from './plan-terms-answers';
export * from './plans';
export * from './profiles-answers';
export * from './refunds-answers';
export * from './promotions-answers';
export * from './playback-answers';
export * from './videos-answers';
export * from './trailers-answers';
export * from './subtitles-answers';
export * from './audio-tracks-answers';
export * from './watch-history-answers';
export * from './trickplay-index';
