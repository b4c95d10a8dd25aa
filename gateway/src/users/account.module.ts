import { Module } from '@nestjs/common';
import { AccountController } from './account.controller';
import { MyListController } from './my-list.controller';
import { WatchHistoryController } from './watch-history.controller';

@Module({ controllers: [AccountController, MyListController, WatchHistoryController] })
export class AccountModule {}
