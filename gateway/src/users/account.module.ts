import { Module } from '@nestjs/common';
import { AccountController } from './account.controller';
import { MyListController } from './my-list.controller';

@Module({ controllers: [AccountController, MyListController] })
export class AccountModule {}
