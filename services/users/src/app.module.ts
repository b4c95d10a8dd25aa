import { Module } from '@nestjs/common';
import { EventsModule } from '@chitram/nest-kit';
import { AnalyticsModule } from './analytics/analytics.module';
import { ViewerDirectoryController } from './directory/viewer-directory.controller';
import { ViewerDirectoryRepository } from './directory/viewer-directory.repository';
import { ViewerPreferencesController } from './directory/viewer-preferences.controller';
import { ViewerPreferencesRepository } from './directory/viewer-preferences.repository';
import { MyListController } from './my-list/my-list.controller';
import { MyListHandler } from './my-list/my-list.handler';
import { MyListRepository } from './my-list/my-list.repository';
import { ProfilesController } from './profiles/profiles.controller';
import { ProfilesRepository } from './profiles/profiles.repository';
import { ProfilesService } from './profiles/profiles.service';
import { PlanEndReminderHandler } from './reminders/plan-end-reminder.handler';
import { ReminderSettingsController } from './reminders/reminder-settings.controller';
import { ReminderSettingsRepository } from './reminders/reminder-settings.repository';
import { SmsModule } from './sms/sms.module';
import { ViewersController } from './viewers/viewers.controller';
import { ViewersService } from './viewers/viewers.service';

@Module({
  imports: [EventsModule.forService(), AnalyticsModule, SmsModule],
  controllers: [
    ViewersController,
    ViewerDirectoryController,
    ViewerPreferencesController,
    MyListController,
    ProfilesController,
    ReminderSettingsController,
  ],
  providers: [
    ViewersService,
    ViewerDirectoryRepository,
    ViewerPreferencesRepository,
    MyListRepository,
    MyListHandler,
    ProfilesRepository,
    ProfilesService,
    ReminderSettingsRepository,
    PlanEndReminderHandler,
  ],
})
export class AppModule {}
