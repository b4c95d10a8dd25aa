import { Module } from '@nestjs/common';
import { AccountController } from './account.controller';
import { MyListController } from './my-list.controller';
import { ProfilesController } from './profiles.controller';
import { RemindersController } from './reminders.controller';
import { WatchHistoryController } from './watch-history.controller';

@Module({
  controllers: [
    AccountController,
    MyListController,
    WatchHistoryController,
    ProfilesController,
    RemindersController,
  ],
})
export class AccountModule {}
