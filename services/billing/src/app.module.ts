import { Module } from '@nestjs/common';
import { PlansController } from './plans/plans.controller';

@Module({ controllers: [PlansController] })
export class AppModule {}
