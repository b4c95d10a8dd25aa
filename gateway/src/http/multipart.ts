import multipart from '@fastify/multipart';
import type {
  FastifyInstance,
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';

type OnResponseHook = (
  this: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
) => unknown;

/**
 * Runs @fastify/multipart's onResponse hook only for a request that saved files to disk. That hook
 * deletes what `saveRequestFiles()` wrote, and it is async: every answer paid a promise for it and for
 * the await inside (with the request context's hooks on each), though the gateway never saves a file
 * (forms are read as streams, upload-form.ts). A request that did save some still has them deleted.
 */
export function onlyWithSavedFiles(hook: OnResponseHook): OnResponseHook {
  return function (request, reply, done) {
    if (!request.tmpUploads?.length) {
      done();
      return;
    }
    const ran = hook.call(this, request, reply, done);
    if (ran instanceof Promise) ran.then(() => done(), done);
  };
}

/**
 * @fastify/multipart as the gateway registers it (at the root, as the plugin itself asks), its
 * per-answer disk clean-up behind onlyWithSavedFiles.
 */
export const streamedMultipart: FastifyPluginCallback = (fastify, options, done) => {
  const instance = new Proxy(fastify, {
    get(target, property) {
      if (property === 'addHook') {
        return (name: string, hook: OnResponseHook) =>
          name === 'onResponse'
            ? target.addHook('onResponse', onlyWithSavedFiles(hook))
            : (target.addHook as (name: string, hook: unknown) => FastifyInstance)(name, hook);
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  multipart(instance, options, done);
};
Object.assign(streamedMultipart, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: '@fastify/multipart',
});
