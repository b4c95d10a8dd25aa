import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, TrailerOwnerRef } from '@chitram/contracts';
import { Handles } from '@chitram/nest-kit';
import { TrailersService } from './trailers.service';

const trailers = Subjects.media.trailers;

/** A title's trailer over NATS (D45; payloads and answers: libs/contracts/src/trailers.ts). */
@Controller()
export class TrailersController {
  constructor(private readonly trailers: TrailersService) {}

  @Handles(trailers.current)
  current(@Payload() body: TrailerOwnerRef) {
    return this.trailers.current(body);
  }

  @Handles(trailers.remove)
  remove(@Payload() body: TrailerOwnerRef) {
    return this.trailers.remove(body);
  }
}
