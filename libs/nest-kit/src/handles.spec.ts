import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { subject } from '@chitram/contracts';
import { Handles } from './handles';
import { RawJson } from './rpc-wire';

/**
 * The compiler is the test here: each `@ts-expect-error` below marks a handler that disagrees with its
 * subject, and the typecheck stage fails if any of them compiles (the error it expects is gone). The
 * handlers without the mark are the shapes that must keep compiling.
 */

interface Lookup {
  id: string;
}
interface Found {
  id: string;
  title: string;
}

const lookup = subject<Lookup, Found>('chitram.test.lookup.v1');

class Handlers {
  @Handles(lookup)
  answers(request: Lookup): Promise<Found> {
    return Promise.resolve({ id: request.id, title: 'Kept' });
  }

  @Handles(lookup)
  answersAtOnce(request: Lookup): Found {
    return { id: request.id, title: 'Kept' };
  }

  @Handles(lookup)
  answersKeptJson(): Promise<RawJson<Found>> {
    return Promise.resolve(new RawJson('{"id":"1","title":"Kept"}'));
  }

  // A handler may read less than the request carries.
  @Handles(lookup)
  readsNothing(): Found {
    return { id: '1', title: 'Kept' };
  }

  // @ts-expect-error the request carries `id`, not `movieId`
  @Handles(lookup)
  wantsAnotherField(request: { movieId: string }): Found {
    return { id: request.movieId, title: 'Lost' };
  }

  // @ts-expect-error the request's `id` is a string
  @Handles(lookup)
  wantsAnotherType(request: { id: number }): Found {
    return { id: String(request.id), title: 'Lost' };
  }

  // @ts-expect-error the reply needs a `title`
  @Handles(lookup)
  answersTooLittle(request: Lookup): Promise<{ id: string }> {
    return Promise.resolve({ id: request.id });
  }

  // @ts-expect-error kept JSON of another reply
  @Handles(lookup)
  answersOtherJson(): Promise<RawJson<{ name: string }>> {
    return Promise.resolve(new RawJson('{"name":"x"}'));
  }
}

describe('@Handles', () => {
  it("registers the method for the subject's string, as @MessagePattern does", () => {
    const pattern: unknown = Reflect.getMetadata(PATTERN_METADATA, Handlers.prototype.answers);
    expect(pattern).toEqual(['chitram.test.lookup.v1']);
  });
});
