import { Module } from '@nestjs/common';
import { JobsModule } from '@chitram/nest-kit';
import { ProfilesRepository } from '../profiles/profiles.repository';
import { SignUpsController } from './sign-ups.controller';
import { SignUpsHandler } from './sign-ups.handler';
import { SignUpsRepository } from './sign-ups.repository';
import { SignUpsService } from './sign-ups.service';

/** New viewers per day, kept from the users service's sign-up events (DECISIONS D12). */
@Module({
  imports: [JobsModule.forService()],
  controllers: [SignUpsController],
  providers: [SignUpsRepository, SignUpsService, SignUpsHandler, ProfilesRepository],
})
export class AnalyticsModule {}
