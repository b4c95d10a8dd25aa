import { Module } from '@nestjs/common';
import { AccountController } from './account.controller';
import { MyListController } from './my-list.controller';
import { ProfilesController } from './profiles.controller';

@Module({ controllers: [AccountController, MyListController, ProfilesController] })
export class AccountModule {}
