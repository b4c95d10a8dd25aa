import { Inject, Injectable } from '@nestjs/common';
import { Events, isMediaKey, type CatalogueImagesReleased } from '@chitram/contracts';
import { EventHandler, LOGGER, type EventEnvelope, type Logger } from '@chitram/nest-kit';
import { ObjectStorage } from '../storage/object-storage';
import { withVariants } from './image-variants';

/**
 * Removes stored images that no title uses any more: the catalogue announces them (from its outbox)
 * after an edit replaced them or a title was deleted. Removing is harmless to repeat.
 */
@Injectable()
export class ReleasedImagesHandler {
  constructor(
    private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @EventHandler(Events.catalogImagesReleased, { durable: 'media-remove-released-images' })
  async remove(event: EventEnvelope<CatalogueImagesReleased>): Promise<void> {
    const keys = (event.payload.keys ?? []).filter(isMediaKey);
    await this.storage.remove(withVariants(keys));
    if (keys.length > 0) this.logger.info({ keys, eventId: event.id }, 'released images removed');
  }
}
