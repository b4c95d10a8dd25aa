import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { onlyWithSavedFiles } from './multipart';

describe('onlyWithSavedFiles', () => {
  const reply = {} as FastifyReply;
  const instance = {} as FastifyInstance;

  it('answers at once when the request saved no files, without running the clean-up', () => {
    const cleanUp = jest.fn(async () => undefined);
    const done = jest.fn();
    onlyWithSavedFiles(cleanUp).call(instance, { tmpUploads: null } as FastifyRequest, reply, done);
    expect(cleanUp).not.toHaveBeenCalled();
    expect(done).toHaveBeenCalledWith();
  });

  it('deletes the files a request saved before it goes on, and passes on a failure', async () => {
    const deleted: string[] = [];
    const request = { tmpUploads: ['/tmp/upload-1'] } as FastifyRequest;
    const cleanUp = async (saved: FastifyRequest) => {
      deleted.push(...(saved.tmpUploads ?? []));
    };
    await new Promise<void>((resolve) =>
      onlyWithSavedFiles(cleanUp).call(instance, request, reply, () => resolve()),
    );
    expect(deleted).toEqual(['/tmp/upload-1']);

    const failure = new Error('disk gone');
    const passed = await new Promise<unknown>((resolve) =>
      onlyWithSavedFiles(() => Promise.reject(failure)).call(instance, request, reply, resolve),
    );
    expect(passed).toBe(failure);
  });
});
