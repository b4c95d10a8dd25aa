import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DeleteMediaObjectsRequest, Subjects, type DeletedMediaObjects } from '@chitram/contracts';
import { LOGGER, type Logger, Handles } from '@chitram/nest-kit';
import { ObjectStorage } from '../storage/object-storage';
import { withVariants } from './image-variants';

@Controller()
export class ObjectsController {
  constructor(
    private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Removes stored objects; keys already gone count as removed, so a retried call is harmless. */
  @Handles(Subjects.media.deleteObjects)
  async delete(@Payload() request: DeleteMediaObjectsRequest): Promise<DeletedMediaObjects> {
    const keys = [...new Set(request.keys)];
    await this.storage.remove(withVariants(keys));
    if (keys.length > 0) this.logger.info({ keys }, 'stored objects removed');
    return { deleted: keys.length };
  }
}
