import { Module } from '@nestjs/common';
import { FinishesHandler } from './finishes.handler';
import { PickedRows } from './picked-rows';
import { PicksController } from './picks.controller';
import { PicksRepository } from './picks.repository';

/** Rows picked for each profile (issue 22): co-watching kept from the finishes, and today's most played. */
@Module({
  controllers: [PicksController],
  providers: [PicksRepository, PickedRows, FinishesHandler],
  exports: [PicksRepository],
})
export class PicksModule {}
