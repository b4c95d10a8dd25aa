import { Module } from '@nestjs/common';
import { EventsModule } from '@chitram/nest-kit';
import { ViewersController } from './viewers/viewers.controller';
import { ViewersService } from './viewers/viewers.service';

@Module({
  imports: [EventsModule.forService()],
  controllers: [ViewersController],
  providers: [ViewersService],
})
export class AppModule {}
